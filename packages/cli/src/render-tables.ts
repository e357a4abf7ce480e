import type { ApprovalView, AuditVerification, EngineStatusSnapshot, HistoryMessage, SessionSummary } from '@parapet/wire/client';

/* Human renderings of the engine's answers; `--json` prints the domain objects instead. */

function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, cell.length)));
  return rows.map((row) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ')).join('\n') + '\n';
}

/** `2026-01-01T12:00:00.000Z` → `2026-01-01 12:00:00`: readable and still sortable. */
function shortTime(rfc3339: string): string {
  return rfc3339.replace('T', ' ').replace(/(\.\d+)?(Z|[+-]\d\d:\d\d)$/, '');
}

function duration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

export function renderSessions(sessions: readonly SessionSummary[]): string {
  if (sessions.length === 0) return 'no sessions yet: try parapet send "list files"\n';
  return table([
    ['ID', 'UPDATED', 'MESSAGES', 'TITLE'],
    ...sessions.map((session) => [session.id, shortTime(session.updatedAt), String(session.messageCount), session.title || '(untitled)']),
  ]);
}

/** The heading `parapet history` prints once, above the pages of messages. */
export function renderHistoryHeading(session: SessionSummary): string {
  return `session ${session.id} · ${session.title || '(untitled)'} · ${session.messageCount} messages\n`;
}

/** One page of messages, each preceded by a blank line. */
export function renderHistoryMessages(messages: readonly HistoryMessage[]): string {
  const lines: string[] = [];
  for (const message of messages) {
    const usage = message.usage ? ` · ${message.usage.totalTokens} tokens` : '';
    lines.push('', `── ${message.role} · ${shortTime(message.createdAt)}${usage}`);
    if (message.thoughts.trim() !== '') lines.push(`   (thinking) ${message.thoughts.trim().replace(/\n/g, '\n   ')}`);
    lines.push(message.content);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

const mark = (on: boolean): string => (on ? '✓' : '✗');

function executorLine(executor: EngineStatusSnapshot['executor'], confined: boolean): string {
  const error = executor.lastError ? ` · last error: ${executor.lastError}` : '';
  if (!confined) return `in the engine process (no mount namespace)${error}`;
  return `confined ${mark(true)} · pid ${executor.pid} · ${executor.ready ? 'ready' : 'not running'} · ${executor.restarts} restarts${error}`;
}

export function renderStatus(status: EngineStatusSnapshot): string {
  const { engine, agent, executor, sandbox, model, shield, commands } = status;
  const canaries = sandbox.canaries.map((canary) => `${canary.probe} ${canary.succeeded ? 'SUCCEEDED' : 'denied'}`).join(', ');
  const restartIn = agent.nextRestartMs > 0 ? ` (next restart in ${(agent.nextRestartMs / 1000).toFixed(1)}s)` : '';
  const agentState = `${agent.degraded ? 'DEGRADED: keeps dying, still restarting · ' : ''}${agent.state}${restartIn}`;
  const agentError = agent.lastError ? ` · last error: ${agent.lastError}` : '';
  const rows: string[][] = [
    ['engine', `pid ${engine.pid} · up ${duration(engine.uptimeMs)} · v${engine.version}`],
    ['', `home ${engine.home} · workspace ${engine.workspace}`],
    ['agent', `pid ${agent.pid} · ${agentState} · ${agent.restarts} restarts${agentError}`],
    [
      'sandbox',
      `${sandbox.mode}: permission model ${mark(sandbox.permissionModel)} · network namespace ${mark(sandbox.networkNamespace)} · empty environment ${mark(sandbox.emptyEnvironment)}`,
    ],
    ['executor', executorLine(executor, sandbox.executorConfined)],
  ];
  if (canaries) rows.push(['', `canaries: ${canaries}`]);
  if (sandbox.missing.length > 0) rows.push(['', `missing layers: ${sandbox.missing.join(', ')}`]);
  rows.push(['commands', `${commands.layers.join(' · ') || 'confinement unknown'} · network ${commands.network ? 'ON' : 'off'}`]);
  rows.push(['model', model.demo ? `demo (scripted model at ${model.baseUrl || 'loopback'})` : `${model.model} at ${model.baseUrl}`]);
  if (!model.demo) for (const route of status.models) rows.push(['', modelRouteLine(route)]);
  rows.push(['shield', `policy ${shield.policy}`]);
  for (const tier of shield.tiers) {
    const state = tier.available ? 'active' : 'absent';
    // Details often start with the state already ("absent: no model installed").
    const detail = tier.detail.replace(new RegExp(`^${state}:\\s*`), '');
    rows.push(['', `tier ${tier.tier} ${tier.name}: ${state}${detail ? ` (${detail})` : ''}`]);
  }
  const { approvals } = status;
  rows.push([
    '',
    approvals.enabled
      ? `approvals: ${approvals.pending} pending · ${approvals.watchers} watching (parapet approvals --watch, approve ID, deny ID)`
      : 'approvals: off, so what needs a human is refused',
  ]);
  rows.push(['telegram', telegramLine(status.telegram)]);
  rows.push(['labels', status.labeledSessions.length === 0 ? 'no session holds a secret or external label' : 'sessions holding restricting labels (parapet history ID says where each came from):']);
  for (const session of status.labeledSessions) rows.push(['', `${session.sessionId}  ${session.labels.join(', ')}  (last ${session.lastLabeledAt})`]);
  return table(rows);
}

function modelRouteLine(route: EngineStatusSnapshot['models'][number]): string {
  const circuit =
    route.state === 'open'
      ? `circuit OPEN until ${route.openUntil}`
      : route.state === 'half_open'
        ? 'circuit half-open (the next call is a probe)'
        : `circuit ${route.state}`;
  const failures = route.consecutiveFailures > 0 ? ` · ${route.consecutiveFailures} failures in a row` : '';
  const last = route.lastFailure ? ` · last failure: ${route.lastFailure}` : '';
  return `${route.role} ${route.model} at ${route.baseUrl} · ${circuit}${failures}${last}`;
}

function telegramLine(bot: EngineStatusSnapshot['telegram']): string {
  if (bot.state === 'off') return 'off (no telegram section in config.yaml)';
  const parts = [bot.botUsername ? `@${bot.botUsername} ${bot.state}` : bot.state];
  if (bot.detail) parts.push(bot.detail);
  parts.push(`${bot.allowedUsers} allowed user${bot.allowedUsers === 1 ? '' : 's'}`);
  parts.push(bot.lastUpdateAt ? `last update ${bot.lastUpdateAt}` : 'no update yet');
  if (bot.pollFailures > 0) parts.push(`${bot.pollFailures} failed polls, last ${bot.lastFailure}`);
  return parts.join(' · ');
}

export function renderAudit(result: AuditVerification, source: string): string {
  if (result.ok) return `audit chain intact: ${result.rows} rows (${source})\n`;
  // `rows` counts the rows walked before the break, so only the bad row's number means anything here.
  const problem = result.problem.replace(new RegExp(`^row ${result.firstBadRow}: `), '');
  return `audit chain BROKEN at row ${result.firstBadRow}: ${problem} (${source})\n`;
}

export function renderApprovals(approvals: readonly ApprovalView[]): string {
  if (approvals.length === 0) return 'no approvals waiting\n';
  return table([
    ['ID', 'STATE', 'REQUESTED', 'EXPIRES', 'SESSION', 'ACTION'],
    ...approvals.map((a) => [a.id, a.state, shortTime(a.requestedAt), shortTime(a.expiresAt), a.sessionId, a.summary]),
  ]);
}
