import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Shield } from '@parapet/shield';
import type { EngineConfig } from '../config/types.js';
import { createEgressProxy, shieldEgressJudge } from '../egress/index.js';
import { EGRESS_SOCKET_NAME } from '../executor-host/protocol.js';
import { systemResolver } from '../http/check-target.js';
import type { HttpSettings } from '../http/types.js';
import type { Redactor } from '../redact/index.js';
import type { Store } from '../storage/index.js';

export interface CommandEgress {
  /** The folder holding the proxy socket, for the executor to mount. */
  readonly dir: string;
  /** What the executor's forwarder sends first; only the executor is given it. */
  readonly token: string;
  close(): Promise<void>;
}

/**
 * With `commands.network: proxy`, starts the egress proxy commands reach the network through: the
 * `http:` address rules, the Shield's host judgement, one EGRESS audit row per request. Otherwise
 * nothing is started and commands keep an empty network namespace.
 */
export async function startCommandEgress(
  config: EngineConfig,
  deps: { readonly shield: Shield; readonly http: HttpSettings; readonly store: Store; readonly redactor: Redactor },
): Promise<CommandEgress | undefined> {
  if (config.commands.network !== 'proxy') return undefined;
  const dir = path.join(config.paths.runtimeDir, 'egress');
  const token = randomBytes(32).toString('hex');
  const proxy = createEgressProxy({
    socketPath: path.join(dir, EGRESS_SOCKET_NAME),
    token,
    http: deps.http,
    resolve: systemResolver,
    judge: shieldEgressJudge(deps.shield, config.workspace),
    redact: (text) => deps.redactor.redact(text),
    audit: (record) => deps.store.audit.append('EGRESS', { data: { ...record, ...(record.reason ? { reason: deps.redactor.redact(record.reason) } : {}) } }),
  });
  await proxy.start();
  return { dir, token, close: () => proxy.close() };
}
