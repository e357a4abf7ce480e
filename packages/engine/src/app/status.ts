import type { Shield } from '@parapet/shield';
import type { AgentHost } from '../agent-host/index.js';
import type { ExecutorHost } from '../executor-host/index.js';
import type { EngineConfig } from '../config/index.js';
import type { EngineStatusSnapshot, TelegramStatusSnapshot } from '../server/client-api.js';

const startedAt = Date.now();

/** What `parapet status` shows: processes, sandbox layers in force, model, Shield tiers and the Telegram bot. */
export function statusSnapshot(
  config: EngineConfig,
  parts: { readonly agent: AgentHost; readonly executor: ExecutorHost; readonly shield: Shield; readonly telegram: () => TelegramStatusSnapshot },
  version: string,
): EngineStatusSnapshot {
  const { agent, executor, shield } = parts;
  const host = agent.status();
  const executorStatus = executor.status();
  const shieldStatus = shield.status();
  return {
    engine: { pid: process.pid, version, uptimeMs: Date.now() - startedAt, home: config.home, workspace: config.workspace },
    agent: {
      pid: host.pid,
      ready: host.ready,
      restarts: host.restarts,
      lastError: host.lastError,
      state: host.state,
      degraded: host.degraded,
      nextRestartMs: host.nextRestartMs,
    },
    executor: { pid: executorStatus.pid, ready: executorStatus.ready, restarts: executorStatus.restarts, lastError: executorStatus.lastError },
    sandbox: { ...host.sandbox, executorConfined: executorStatus.confined, missing: [...host.sandbox.missing, ...executorStatus.missing] },
    model: { baseUrl: config.llm?.baseUrl ?? '', model: config.llm?.model ?? '', demo: config.demo },
    shield: {
      policy: `${shieldStatus.policy.name} (${shieldStatus.policy.source})`,
      tiers: shieldStatus.tiers.map((tier) => ({
        tier: Number.parseInt(tier.tier, 10),
        name: tier.tier === '1a' || tier.tier === '1b' ? `${tier.name} (${tier.tier})` : tier.name,
        available: tier.available,
        detail: tier.detail,
      })),
    },
    telegram: parts.telegram(),
  };
}
