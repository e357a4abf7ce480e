import { createBroadcaster } from '../events/index.js';
import { quietLogger } from '../logging/quiet.js';
import type { Store } from '../storage/index.js';
import type { AgentTurns } from './ports.js';
import type { TurnRunnerDeps } from './turn-runner.js';

/** A turn runner's dependencies for unit tests: quiet, permissive, a 1 MB stream cap; `overrides` wins. */
export function testRunnerDeps(store: Store, workspace: string, agent: AgentTurns, overrides: Partial<TurnRunnerDeps> = {}): TurnRunnerDeps {
  return {
    store,
    bus: createBroadcaster({ queueLimitBytes: 1024 * 1024 }),
    agent,
    relay: { stream: () => ({ async *[Symbol.asyncIterator]() {} }) },
    tools: {
      run: async () => ({ content: 'ok', isError: false }),
      refuse: () => ({ content: 'refused', isError: true }),
      recordMetaCall: () => undefined,
    },
    catalog: { groupNames: () => ['files'], toolDefsFor: () => [], isReadOnly: () => false },
    workspace,
    admitsPromptFile: () => true,
    history: { contextWindow: 32_768, replyReserve: 2_048, compactAt: 0.7, freshToolTurns: 4, tokenizer: 'estimate', models: {} },
    model: 'test-model',
    maxRounds: 25,
    maxToolCallsPerReply: 16,
    maxConcurrentTurns: 64,
    maxChildrenPerTurn: 4,
    maxStreamedTextBytes: 1024 * 1024,
    redact: (text) => text,
    logger: quietLogger,
    ...overrides,
  };
}
