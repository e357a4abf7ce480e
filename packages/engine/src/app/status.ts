import type { Shield } from '@parapet/shield';
import type { AgentHost } from '../agent-host/index.js';
import { commandLayers, type ExecutorHost } from '../executor-host/index.js';
import type { EngineConfig } from '../config/index.js';
import type { ModelRouteSnapshot } from '../llm/index.js';
import type { ApprovalsSnapshot, EngineStatusSnapshot, LabeledSessionSnapshot, TelegramStatusSnapshot } from '@parapet/wire/client';

const startedAt = Date.now();

/** What `parapet status` shows: processes, sandbox layers in force, model, Shield tiers and the Telegram bot. */
export function statusSnapshot(
  config: EngineConfig,
  agent: AgentHost,
  executor: ExecutorHost,
  shield: Shield,
  version: string,
  approvals: ApprovalsSnapshot,
  /** Tier-2 calls spent on this UTC day. */
  evaluatorSpentToday: () => number,
  telegram: TelegramStatusSnapshot,
  labeledSessions: readonly LabeledSessionSnapshot[],
  models: readonly ModelRouteSnapshot[],
): EngineStatusSnapshot {
  const host = agent.status();
  const executorStatus = executor.status();
  const shieldStatus = shield.status();
  return {
    approvals,
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
    models: models.map((route) => ({
      role: route.role,
      baseUrl: route.baseUrl,
      model: route.model,
      state: route.state,
      consecutiveFailures: route.consecutiveFailures,
      openUntil: route.openUntil === undefined ? '' : new Date(route.openUntil).toISOString(),
      lastFailure: route.lastFailure,
    })),
    shield: {
      policy: `${shieldStatus.policy.name} (${shieldStatus.policy.source})`,
      tiers: shieldStatus.tiers.map((tier) =>
        tier.tier === '3'
          ? { tier: 3, name: tier.name, available: approvals.enabled, detail: humanTierDetail(approvals) }
          : {
              tier: Number.parseInt(tier.tier, 10),
              name: tier.tier === '1a' || tier.tier === '1b' ? `${tier.name} (${tier.tier})` : tier.name,
              available: tier.available,
              detail: tier.tier === '2' && tier.available ? `${tier.detail}${evaluatorBudgetLeft(config, evaluatorSpentToday)}` : tier.detail,
            },
      ),
    },
    // Outside the confined executor (weak mode) commands share the engine's network.
    commands: { layers: commandLayers(executorStatus.confined, executorStatus.commandNetwork), network: executorStatus.commandNetwork || !executorStatus.confined },
    telegram,
    labeledSessions,
  };
}

/** The engine asks the human itself (the Shield returns ESCALATE to it). */
function humanTierDetail(approvals: ApprovalsSnapshot): string {
  if (!approvals.enabled) return 'off (shield.approvals.enabled: false): what needs a human is refused';
  return `answered from ${approvals.channels.join(', ')}; ${approvals.pending} pending; timeout ${approvals.timeoutMs} ms; ${approvals.hourlyCap} questions per session per hour`;
}

function evaluatorBudgetLeft(config: EngineConfig, spentToday: () => number): string {
  const evaluator = config.shield.evaluator;
  if (!evaluator) return '';
  const left = Math.max(0, evaluator.dailyBudget - spentToday());
  return `; ${left} of ${evaluator.dailyBudget} calls left today (UTC)`;
}
