import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { actionHash, type ActionRequest, type Decision, type EvaluationContext, type Tier, type Verdict } from '@parapet/shield';
import type { EventBody } from '@parapet/wire/client';
import { createBlobStore } from '../chronicle/blob-store.js';
import { createChronicle } from '../chronicle/chronicle.js';
import { quietLogger } from '../logging/quiet.js';
import { createIdFactory } from '../storage/ids.js';
import { createRedactor } from '../redact/redactor.js';
import { openStore, type Store } from '../storage/open-store.js';
import { protectedPaths } from './protected-paths.js';
import { createToolPipeline, type ToolPipeline, type ToolPipelineOptions } from './tool-pipeline.js';
import type { ShieldPort, ShieldTurnContext, ToolCallResult } from './types.js';

export const API_KEY = 'sk-test-configured-key-0123456789';

/** A Shield the test controls: answers `decide(action)` and records what it was asked. */
export class FakeShield implements ShieldPort {
  readonly calls: Array<{ action: ActionRequest; context: EvaluationContext }> = [];
  decide: (action: ActionRequest) => Decision | Promise<Decision> = () => 'ALLOW';
  tier: Tier = 0;
  hashOverride: string | undefined;

  async evaluate(action: ActionRequest, context: EvaluationContext): Promise<Verdict> {
    this.calls.push({ action, context });
    const decision = await this.decide(action);
    return {
      decision,
      tier: this.tier,
      confidence: 0.9,
      reason: decision === 'ALLOW' ? 'policy allows it' : 'policy says no',
      ruleIds: ['test.rule'],
      actionHash: this.hashOverride ?? actionHash(action),
      latencyUs: 12,
    };
  }
}

export interface Harness {
  readonly root: string;
  readonly workspace: string;
  readonly home: string;
  readonly store: Store;
  readonly shield: FakeShield;
  readonly events: EventBody[];
  pipeline: ToolPipeline;
  run(toolName: string, args: unknown, options?: { loaded?: string[]; rawJson?: string; shieldContext?: ShieldTurnContext }): Promise<ToolCallResult>;
  rebuild(overrides: Partial<ToolPipelineOptions>): void;
  cleanup(): void;
}

/** A real temp workspace, a real SQLite store beside it, and the fake Shield. */
export function createHarness(): Harness {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-pipeline-')));
  const home = path.join(root, 'home');
  const workspace = path.join(root, 'ws');
  mkdirSync(home);
  mkdirSync(workspace);
  mkdirSync(path.join(home, 'run'));
  const store = openStore(path.join(home, 'parapet.db'));
  const session = store.sessions.create();
  const shield = new FakeShield();
  const events: EventBody[] = [];
  const base: ToolPipelineOptions = {
    store,
    shield,
    redactor: createRedactor({ secrets: [API_KEY] }),
    workspace,
    protection: protectedPaths([path.join(home, 'parapet.db'), path.join(home, 'config.yaml'), path.join(home, 'run')]),
    chronicle: createChronicle({
      store,
      blobs: createBlobStore(path.join(home, 'chronicle')),
      workspace,
      skip: [],
      maxBytes: 64 * 1024 * 1024,
      maxAgeDays: 30,
      newId: createIdFactory(),
      logger: quietLogger,
    }),
    timeoutMs: 5000,
    maxOutputBytes: 4096,
  };
  let calls = 0;
  const harness: Harness = {
    root,
    workspace,
    home,
    store,
    shield,
    events,
    pipeline: createToolPipeline(base),
    run(toolName, args, options = {}) {
      calls += 1;
      return harness.pipeline.run(
        {
          sessionId: session.id,
          turnId: 'turn-1',
          callId: `call-${calls}`,
          toolName,
          argumentsJson: options.rawJson ?? JSON.stringify(args),
          loadedGroups: new Set(options.loaded ?? ['files']),
          ...(options.shieldContext ? { shieldContext: options.shieldContext } : {}),
        },
        (body) => events.push(body),
      );
    },
    rebuild(overrides) {
      harness.pipeline = createToolPipeline({ ...base, ...overrides });
    },
    cleanup() {
      store.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
  return harness;
}

export function auditKinds(store: Store): string[] {
  return store.audit.list().map((row) => row.kind);
}
