import { ParapetError } from '../parapet-error.js';
import type {
  Event,
  Event__Output,
  GetHistoryResponse,
  GetHistoryResponse__Output,
  ListSessionsResponse,
  ListSessionsResponse__Output,
  SendMessageRequest,
  SendMessageRequest__Output,
  SessionSummary as ProtoSessionSummary,
  SessionSummary__Output as ProtoSessionSummaryOutput,
  Status,
  Status__Output,
  StoredMessage__Output,
  VerifyAuditResponse,
  VerifyAuditResponse__Output,
  WebLogin,
  WebLogin__Output,
  ListAuditResponse,
  ListAuditResponse__Output,
  ShieldStats as ProtoShieldStats,
  ShieldStats__Output,
} from '../index.js';
import type { EngineEvent, EventEnvelope, VerdictDecision } from './events.js';
import { usageFromSnakeCase, usageToSnakeCase } from './usage.js';
import { approvalFromProto, approvalToProto } from './convert-approvals.js';
import type {
  AuditVerification,
  EngineStatusSnapshot,
  HistoryMessage,
  SendMessageInput,
  SessionHistory,
  SessionSummary,
  ShieldStats,
  AuditRecord,
  WebLoginLink,
} from './client-api.js';

/*
 * The one place that maps between the generated proto types (snake_case) and the domain types
 * (camelCase). The engine's server uses the *ToProto direction, clients the *FromProto one.
 */

/** A send request as it arrived, before validation narrows it to SendMessageInput. */
export interface RawSendMessage {
  readonly sessionId: string;
  readonly text: string;
  readonly channel: string;
  /** Fields whose bytes on the wire were not UTF-8 (their decoded text holds U+FFFD instead). */
  readonly invalidUtf8Fields?: readonly string[];
}

/** No channel: the engine reads a gRPC client that names none as the CLI. */
export function sendRequestToProto(request: SendMessageInput): SendMessageRequest {
  return { session_id: request.sessionId ?? '', text: request.text };
}

export function sendRequestFromProto(request: SendMessageRequest__Output, invalidUtf8Fields: readonly string[] = []): RawSendMessage {
  return { sessionId: request.session_id, text: request.text, channel: request.channel, invalidUtf8Fields };
}

export function eventToProto(event: EngineEvent): Event {
  const envelope = { session_id: event.sessionId, turn_id: event.turnId, seq: event.seq, ts: event.ts };
  switch (event.type) {
    case 'session_created':
      return { ...envelope, session_created: { title: event.title } };
    case 'message_stored':
      return { ...envelope, message_stored: { message_id: event.messageId, role: event.role } };
    case 'turn_queued':
      return { ...envelope, turn_queued: { turns_ahead: event.turnsAhead, daemon_at_capacity: event.daemonAtCapacity } };
    case 'subagent':
      return {
        ...envelope,
        subagent: {
          child_session_id: event.childSessionId,
          child_turn_id: event.childTurnId,
          parent_call_id: event.parentCallId,
          depth: event.depth,
          finished: event.finished,
          error_code: event.errorCode,
        },
      };
    case 'llm_token':
      return { ...envelope, llm_token: { text: event.text } };
    case 'session_labeled':
      return { ...envelope, session_labeled: { label: event.label, source: event.source, action_id: event.actionId } };
    case 'history_compacted':
      return { ...envelope, history_compacted: { folded_messages: event.foldedMessages } };
    case 'action_started':
      return {
        ...envelope,
        action_started: {
          action_id: event.actionId,
          call_id: event.callId,
          tool_name: event.toolName,
          action_type: event.actionType,
          arguments_json: event.argumentsJson,
          action_hash: event.actionHash,
        },
      };
    case 'shield_verdict':
      return {
        ...envelope,
        shield_verdict: {
          action_id: event.actionId,
          decision: event.decision,
          tier: event.tier,
          confidence: event.confidence,
          reason: event.reason,
          rule_ids: [...event.ruleIds],
          latency_us: event.latencyUs,
        },
      };
    case 'action_completed':
      return {
        ...envelope,
        action_completed: {
          action_id: event.actionId,
          call_id: event.callId,
          tool_name: event.toolName,
          is_error: event.isError,
          output: event.output,
          error_code: event.errorCode,
        },
      };
    case 'response_complete':
      return {
        ...envelope,
        response_complete: {
          message_id: event.messageId,
          content: event.content,
          thoughts: event.thoughts,
          usage: usageToSnakeCase(event.usage),
        },
      };
    case 'approval_required':
      return { ...envelope, approval_required: { approval: approvalToProto(event.approval) } };
    case 'approval_resolved':
      return { ...envelope, approval_resolved: { approval: approvalToProto(event.approval) } };
    case 'error':
      return { ...envelope, error: { code: event.code, message: event.message, retryable: event.retryable } };
    case 'llm_retry':
      return {
        ...envelope,
        llm_retry: {
          attempt: event.attempt,
          max_retries: event.maxRetries,
          model: event.model,
          code: event.code,
          reason: event.reason,
          delay_ms: event.delayMs,
        },
      };
    case 'model_failover':
      return { ...envelope, model_failover: { from_model: event.fromModel, to_model: event.toModel, reason: event.reason } };
    case 'turn_capped':
      return { ...envelope, turn_capped: { tokens_used: event.tokensUsed, token_cap: event.tokenCap, message: event.message } };
  }
}

function malformed(what: string): ParapetError {
  return new ParapetError('INTERNAL', `the engine sent a malformed event: ${what}`);
}

function decisionFromProto(value: string): VerdictDecision {
  if (value === 'ALLOW' || value === 'BLOCK' || value === 'ESCALATE') return value;
  throw malformed(`unknown shield decision "${value}"`);
}

/**
 * Domain event from the wire; `undefined` for an event kind this client does not know (a newer
 * engine), so callers can skip it. Values that cannot be trusted (unknown decisions) throw.
 */
export function eventFromProto(event: Event__Output): EngineEvent | undefined {
  const envelope: EventEnvelope = { sessionId: event.session_id, turnId: event.turn_id, seq: event.seq, ts: event.ts };
  switch (event.kind) {
    case 'session_created':
      return { ...envelope, type: 'session_created', title: event.session_created?.title ?? '' };
    case 'message_stored': {
      const role = event.message_stored?.role;
      if (role !== 'user' && role !== 'assistant') throw malformed(`unknown message role "${String(role)}"`);
      return { ...envelope, type: 'message_stored', messageId: event.message_stored?.message_id ?? '', role };
    }
    case 'turn_queued':
      return {
        ...envelope,
        type: 'turn_queued',
        turnsAhead: event.turn_queued?.turns_ahead ?? 0,
        daemonAtCapacity: event.turn_queued?.daemon_at_capacity ?? false,
      };
    case 'subagent': {
      const changed = event.subagent;
      if (!changed) throw malformed('subagent without a body');
      return {
        ...envelope,
        type: 'subagent',
        childSessionId: changed.child_session_id,
        childTurnId: changed.child_turn_id,
        parentCallId: changed.parent_call_id,
        depth: changed.depth,
        finished: changed.finished,
        errorCode: changed.error_code,
      };
    }
    case 'llm_token':
      return { ...envelope, type: 'llm_token', text: event.llm_token?.text ?? '' };
    case 'session_labeled': {
      const label = event.session_labeled?.label;
      if (label !== 'secret' && label !== 'external') throw malformed(`unknown flow label "${String(label)}"`);
      return { ...envelope, type: 'session_labeled', label, source: event.session_labeled?.source ?? '', actionId: event.session_labeled?.action_id ?? '' };
    }
    case 'history_compacted':
      return { ...envelope, type: 'history_compacted', foldedMessages: event.history_compacted?.folded_messages ?? 0 };
    case 'action_started': {
      const started = event.action_started;
      if (!started) throw malformed('action_started without a body');
      return {
        ...envelope,
        type: 'action_started',
        actionId: started.action_id,
        callId: started.call_id,
        toolName: started.tool_name,
        actionType: started.action_type,
        argumentsJson: started.arguments_json,
        actionHash: started.action_hash,
      };
    }
    case 'shield_verdict': {
      const verdict = event.shield_verdict;
      if (!verdict) throw malformed('shield_verdict without a body');
      return {
        ...envelope,
        type: 'shield_verdict',
        actionId: verdict.action_id,
        decision: decisionFromProto(verdict.decision),
        tier: verdict.tier,
        confidence: verdict.confidence,
        reason: verdict.reason,
        ruleIds: verdict.rule_ids,
        latencyUs: verdict.latency_us,
      };
    }
    case 'action_completed': {
      const completed = event.action_completed;
      if (!completed) throw malformed('action_completed without a body');
      return {
        ...envelope,
        type: 'action_completed',
        actionId: completed.action_id,
        callId: completed.call_id,
        toolName: completed.tool_name,
        isError: completed.is_error,
        output: completed.output,
        errorCode: completed.error_code,
      };
    }
    case 'response_complete': {
      const done = event.response_complete;
      if (!done) throw malformed('response_complete without a body');
      return {
        ...envelope,
        type: 'response_complete',
        messageId: done.message_id,
        content: done.content,
        thoughts: done.thoughts,
        usage: usageFromSnakeCase(done.usage),
      };
    }
    case 'error': {
      const failure = event.error;
      if (!failure) throw malformed('error without a body');
      return { ...envelope, type: 'error', code: failure.code, message: failure.message, retryable: failure.retryable };
    }
    case 'approval_required':
      return { ...envelope, type: 'approval_required', approval: approvalFromProto(event.approval_required?.approval) };
    case 'approval_resolved':
      return { ...envelope, type: 'approval_resolved', approval: approvalFromProto(event.approval_resolved?.approval) };
    case 'llm_retry': {
      const retry = event.llm_retry;
      if (!retry) throw malformed('llm_retry without a body');
      return {
        ...envelope,
        type: 'llm_retry',
        attempt: retry.attempt,
        maxRetries: retry.max_retries,
        model: retry.model,
        code: retry.code,
        reason: retry.reason,
        delayMs: Number(retry.delay_ms),
      };
    }
    case 'model_failover': {
      const moved = event.model_failover;
      if (!moved) throw malformed('model_failover without a body');
      return { ...envelope, type: 'model_failover', fromModel: moved.from_model, toModel: moved.to_model, reason: moved.reason };
    }
    case 'turn_capped': {
      const capped = event.turn_capped;
      if (!capped) throw malformed('turn_capped without a body');
      return { ...envelope, type: 'turn_capped', tokensUsed: Number(capped.tokens_used), tokenCap: Number(capped.token_cap), message: capped.message };
    }
    case undefined:
      return undefined;
  }
}

export function sessionToProto(session: SessionSummary): ProtoSessionSummary {
  return {
    id: session.id,
    title: session.title,
    created_at: session.createdAt,
    updated_at: session.updatedAt,
    message_count: session.messageCount,
  };
}

export function sessionFromProto(session: ProtoSessionSummaryOutput): SessionSummary {
  return {
    id: session.id,
    title: session.title,
    createdAt: session.created_at,
    updatedAt: session.updated_at,
    messageCount: session.message_count,
  };
}

export function sessionsToProto(sessions: readonly SessionSummary[]): ListSessionsResponse {
  return { sessions: sessions.map(sessionToProto) };
}

export function sessionsFromProto(response: ListSessionsResponse__Output): SessionSummary[] {
  return response.sessions.map(sessionFromProto);
}

function messageFromProto(message: StoredMessage__Output): HistoryMessage {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    thoughts: message.thoughts,
    usage: message.usage ? usageFromSnakeCase(message.usage) : null,
    createdAt: message.created_at,
    turnId: message.turn_id,
  };
}

export function historyToProto(history: SessionHistory): GetHistoryResponse {
  return {
    session: sessionToProto(history.session),
    next_page_token: history.nextPageToken,
    messages: history.messages.map((message) => ({
      id: message.id,
      role: message.role,
      content: message.content,
      thoughts: message.thoughts,
      usage: message.usage ? usageToSnakeCase(message.usage) : null,
      created_at: message.createdAt,
      turn_id: message.turnId,
    })),
  };
}

export function historyFromProto(response: GetHistoryResponse__Output): SessionHistory {
  if (!response.session) throw new ParapetError('INTERNAL', 'the engine sent a history without its session');
  return {
    session: sessionFromProto(response.session),
    messages: response.messages.map(messageFromProto),
    nextPageToken: response.next_page_token,
  };
}

export function statusToProto(status: EngineStatusSnapshot): Status {
  const { engine, agent, executor, sandbox, model, models, shield, approvals, commands, telegram } = status;
  return {
    approvals: {
      enabled: approvals.enabled,
      channels: [...approvals.channels],
      pending: approvals.pending,
      timeout_ms: approvals.timeoutMs,
      hourly_cap: approvals.hourlyCap,
      watchers: approvals.watchers,
    },
    engine: { pid: engine.pid, version: engine.version, uptime_ms: engine.uptimeMs, home: engine.home, workspace: engine.workspace },
    agent: {
      pid: agent.pid,
      ready: agent.ready,
      restarts: agent.restarts,
      last_error: agent.lastError,
      state: agent.state,
      degraded: agent.degraded,
      next_restart_ms: agent.nextRestartMs,
    },
    executor: { pid: executor.pid, ready: executor.ready, restarts: executor.restarts, last_error: executor.lastError },
    sandbox: {
      mode: sandbox.mode,
      permission_model: sandbox.permissionModel,
      network_namespace: sandbox.networkNamespace,
      empty_environment: sandbox.emptyEnvironment,
      canaries: sandbox.canaries.map((canary) => ({ ...canary })),
      missing: [...sandbox.missing],
      executor_confined: sandbox.executorConfined,
    },
    model: { base_url: model.baseUrl, model: model.model, demo: model.demo },
    models: models.map((route) => ({
      role: route.role,
      base_url: route.baseUrl,
      model: route.model,
      state: route.state,
      consecutive_failures: route.consecutiveFailures,
      open_until: route.openUntil,
      last_failure: route.lastFailure,
    })),
    shield: { policy: shield.policy, tiers: shield.tiers.map((tier) => ({ ...tier })) },
    commands: { layers: [...commands.layers], network: commands.network },
    labeled_sessions: status.labeledSessions.map((session) => ({ session_id: session.sessionId, labels: [...session.labels], last_labeled_at: session.lastLabeledAt })),
    telegram: {
      state: telegram.state,
      detail: telegram.detail,
      bot_username: telegram.botUsername,
      last_update_at: telegram.lastUpdateAt,
      allowed_users: telegram.allowedUsers,
      poll_failures: telegram.pollFailures,
      last_failure: telegram.lastFailure,
    },
  };
}

export function statusFromProto(status: Status__Output): EngineStatusSnapshot {
  const { engine, agent, executor, sandbox, model, models, shield, approvals, commands, telegram } = status;
  return {
    approvals: {
      enabled: approvals?.enabled ?? false,
      channels: approvals?.channels ?? [],
      pending: approvals?.pending ?? 0,
      timeoutMs: Number(approvals?.timeout_ms ?? 0),
      hourlyCap: approvals?.hourly_cap ?? 0,
      watchers: approvals?.watchers ?? 0,
    },
    engine: {
      pid: engine?.pid ?? 0,
      version: engine?.version ?? '',
      uptimeMs: engine?.uptime_ms ?? 0,
      home: engine?.home ?? '',
      workspace: engine?.workspace ?? '',
    },
    agent: {
      pid: agent?.pid ?? 0,
      ready: agent?.ready ?? false,
      restarts: agent?.restarts ?? 0,
      lastError: agent?.last_error ?? '',
      state: agent?.state || 'unknown',
      degraded: agent?.degraded ?? false,
      nextRestartMs: agent?.next_restart_ms ?? 0,
    },
    executor: {
      pid: executor?.pid ?? 0,
      ready: executor?.ready ?? false,
      restarts: executor?.restarts ?? 0,
      lastError: executor?.last_error ?? '',
    },
    sandbox: {
      // Only an explicit "strict" counts as strict: a client must never overstate the sandbox.
      mode: sandbox?.mode === 'strict' ? 'strict' : 'weak',
      permissionModel: sandbox?.permission_model ?? false,
      networkNamespace: sandbox?.network_namespace ?? false,
      emptyEnvironment: sandbox?.empty_environment ?? false,
      canaries: (sandbox?.canaries ?? []).map(({ probe, succeeded, detail }) => ({ probe, succeeded, detail })),
      missing: sandbox?.missing ?? [],
      executorConfined: sandbox?.executor_confined ?? false,
    },
    model: { baseUrl: model?.base_url ?? '', model: model?.model ?? '', demo: model?.demo ?? false },
    models: models.map((route) => ({
      role: route.role === 'primary' ? 'primary' : 'fallback',
      baseUrl: route.base_url,
      model: route.model,
      state: route.state || 'unknown',
      consecutiveFailures: route.consecutive_failures,
      openUntil: route.open_until,
      lastFailure: route.last_failure,
    })),
    shield: {
      policy: shield?.policy ?? '',
      tiers: (shield?.tiers ?? []).map(({ tier, name, available, detail }) => ({ tier, name, available, detail })),
    },
    // Absent means unknown: no layer is claimed, and network is not denied on the client's word.
    commands: { layers: commands?.layers ?? [], network: commands?.network ?? true },
    labeledSessions: (status.labeled_sessions ?? []).map((session) => ({ sessionId: session.session_id, labels: session.labels, lastLabeledAt: session.last_labeled_at })),
    telegram: {
      state: telegram?.state || 'off',
      detail: telegram?.detail ?? '',
      botUsername: telegram?.bot_username ?? '',
      lastUpdateAt: telegram?.last_update_at ?? '',
      allowedUsers: telegram?.allowed_users ?? 0,
      pollFailures: telegram?.poll_failures ?? 0,
      lastFailure: telegram?.last_failure ?? '',
    },
  };
}

export function webLoginToProto(link: WebLoginLink): WebLogin {
  return { url: link.url, expires_at: link.expiresAt };
}

export function webLoginFromProto(login: WebLogin__Output): WebLoginLink {
  return { url: login.url, expiresAt: login.expires_at };
}

export function auditToProto(result: AuditVerification): VerifyAuditResponse {
  return { ok: result.ok, rows: result.rows, first_bad_row: result.firstBadRow, problem: result.problem };
}

export function auditFromProto(response: VerifyAuditResponse__Output): AuditVerification {
  return { ok: response.ok, rows: response.rows, firstBadRow: response.first_bad_row, problem: response.problem };
}

export function auditRecordsToProto(records: readonly AuditRecord[]): ListAuditResponse {
  return {
    records: records.map((record) => ({
      seq: record.seq,
      ts: record.ts,
      kind: record.kind,
      session_id: record.sessionId,
      action_id: record.actionId,
      data_json: record.dataJson,
      prev_hash: record.prevHash,
      hash: record.hash,
    })),
  };
}

export function shieldStatsToProto(stats: ShieldStats): ProtoShieldStats {
  return {
    bucket_seconds: stats.bucketSeconds,
    verdicts: stats.verdicts.map((entry) => ({ bucket_start: entry.bucketStart, tier: entry.tier, decision: entry.decision, count: entry.count })),
    latencies: stats.latencies.map((entry) => ({ tier: entry.tier, count: entry.count, p50_us: entry.p50Us, p90_us: entry.p90Us, p99_us: entry.p99Us })),
    top_rules: stats.topRules.map((entry) => ({ rule_id: entry.ruleId, count: entry.count })),
    evaluations: stats.evaluations,
  };
}

export function auditRecordsFromProto(response: ListAuditResponse__Output): AuditRecord[] {
  return response.records.map((record) => ({
    seq: Number(record.seq),
    ts: record.ts,
    kind: record.kind,
    sessionId: record.session_id,
    actionId: record.action_id,
    dataJson: record.data_json,
    prevHash: record.prev_hash,
    hash: record.hash,
  }));
}

export function shieldStatsFromProto(stats: ShieldStats__Output): ShieldStats {
  return {
    bucketSeconds: stats.bucket_seconds,
    verdicts: stats.verdicts.map((entry) => ({ bucketStart: entry.bucket_start, tier: entry.tier, decision: entry.decision, count: entry.count })),
    latencies: stats.latencies.map((entry) => ({ tier: entry.tier, count: entry.count, p50Us: entry.p50_us, p90Us: entry.p90_us, p99Us: entry.p99_us })),
    topRules: stats.top_rules.map((entry) => ({ ruleId: entry.rule_id, count: entry.count })),
    evaluations: Number(stats.evaluations),
  };
}
