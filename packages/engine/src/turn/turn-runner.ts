import { ParapetError, truncateUtf8 } from '@parapet/wire';
import type { EngineEvent, EventStreamHooks, SendMessageInput } from '@parapet/wire/client';
import { createTermFilter, type TermFilter } from '../guardrails/index.js';
import type { Logger } from '../logging/port.js';
import type { HistoryConfig } from '../config/types.js';
import type { StoredWorkMessage, Store } from '../storage/index.js';
import { createIdFactory } from '../storage/ids.js';
import type { AgentTurns, EventBus, ModelRelay, ToolCallProposal, ToolCalls, ToolCatalog, TurnHandlers, TurnReply } from './ports.js';
import { titleFrom } from './history.js';
import type { SubagentRequest } from '../engine-actions/index.js';
import { historyLimitsFor, prepareHistory, type HistorySource } from './prepare-history.js';
import { estimateTokens, loadTokenCounter, resolveTokenizer, type CountTokens } from './token-count.js';
import { TurnToolLedger } from './tool-work.js';
import { carriesOutsideContent, TurnEvidence } from './turn-evidence.js';
import { createTurnTrace, noSpan, tracedModelRound, type Span, type TurnTrace } from '../trace/index.js';
import { createCallOrder } from './call-order.js';
import { createSessionLanes, type LaneTicket } from './session-lanes.js';
import { TITLE_AFTER_EXCHANGES, titleFromModel } from './session-title.js';
import { createWorkspaceContext, type PromptFileAdmission } from './workspace-context.js';
import { createSubagents } from './subagents.js';
import { createTurnSlots, type TurnSlot } from './turn-slots.js';

export interface TurnRunnerDeps {
  readonly store: Store;
  readonly bus: EventBus;
  readonly agent: AgentTurns;
  readonly relay: ModelRelay;
  readonly tools: ToolCalls;
  readonly catalog: ToolCatalog;
  readonly workspace: string;
  /** Vouches for each prompt file before it is read (a running command may have just created it). */
  readonly admitsPromptFile: PromptFileAdmission;
  readonly maxRounds: number;
  readonly maxToolCallsPerReply: number;
  /** Turns of users' sessions running at once across the daemon; the rest wait (`turn_queued`). */
  readonly maxConcurrentTurns: number;
  /** Sub-agents one turn may run at once; they run inside their parent's place, not beside it. */
  readonly maxChildrenPerTurn: number;
  /** How much history a turn sends, and when it is compacted. */
  readonly history: HistoryConfig;
  /** The configured model's name: it picks the context window and the tokenizer. */
  readonly model: string;
  /**
   * Reply text streamed to clients per turn, in UTF-8 bytes. Past it the stream stops (the stored
   * message is cut too, with a marker): a reader that keeps up is never swamped by a runaway reply.
   */
  readonly maxStreamedTextBytes: number;
  /** Applied to every text a turn stores or passes on (the message, its title, the answer). */
  readonly redact: (text: string) => string;
  /** guardrails: checks (and may redact) a message before it is stored; throws to refuse it. */
  readonly checkInput?: (text: string) => string;
  /** guardrails.forbidden_terms: withheld from the streamed and the stored answer. */
  readonly outputFilter?: TermFilter;
  /** guardrails.max_turn_tokens; absent: no cap. */
  readonly maxTurnTokens?: number;
  readonly logger: Logger;
}

const TITLE_TIMEOUT_MS = 15_000;

export interface TurnRunner {
  /**
   * Stores the message, runs the turn in the background once the session's earlier turns are done,
   * and streams this turn's events in batches (in order; a batch is what was published since the
   * last one was taken). Ends after `response_complete` or `error`, or when `signal` aborts (an
   * abort cancels the turn), or after the farewell `error` when the broadcaster drops this reader
   * for not reading; `hooks.onDropped` is told at once, so a sender waiting on its client can stop.
   */
  send(request: SendMessageInput, signal: AbortSignal, hooks?: EventStreamHooks): AsyncIterable<readonly EngineEvent[]>;
  /** Runs a spawn_agent child turn in a new linked session; resolves with its stored answer. */
  runSubagent(request: SubagentRequest): Promise<string>;
}

/** The turn's user message in the session's history, and the history before it. */
interface StartedTurn {
  readonly messageId: string;
  readonly source: HistorySource;
}

function withoutKind<T extends { kind: string }>(notice: T): Omit<T, 'kind'> {
  const { kind: _kind, ...rest } = notice;
  return rest;
}

/** Same-named memory_write calls a turn's compactions make get distinct call ids. */
const MEMORY_FLUSH_CALL = 'memory-flush';
/** SQLite reads a negative LIMIT as none. */
const NO_LIMIT = -1;

/** This turn's events in `batch`, up to and including the one that ends the turn. */
function eventsOfTurn(batch: readonly EngineEvent[], turnId: string): { events: EngineEvent[]; last: boolean } {
  const events: EngineEvent[] = [];
  for (const event of batch) {
    if (event.turnId !== turnId) continue;
    events.push(event);
    if (event.type === 'response_complete' || event.type === 'error') return { events, last: true };
  }
  return { events, last: false };
}

/**
 * Turns of one session run one after another (a SessionLanes line). A message is durable at once
 * (in `turns`); it enters the session's messages only when its turn starts, so each answer follows
 * its own question and the history a turn sees ends at its own message.
 */
export function createTurnRunner(deps: TurnRunnerDeps): TurnRunner {
  const newTurnId = createIdFactory();
  const { store, bus } = deps;
  const lanes = createSessionLanes();
  const slots = createTurnSlots(deps.maxConcurrentTurns);
  const limits = historyLimitsFor(deps.history, deps.model);
  const workspaceContext = createWorkspaceContext(deps.workspace, deps.admitsPromptFile);
  const tokenizer = resolveTokenizer(deps.history.models[deps.model]?.tokenizer ?? deps.history.tokenizer, deps.model);
  let counter: Promise<CountTokens> | undefined;

  /** The session to continue, or a new one titled after the message (`created` carries its title). */
  function openSession(request: SendMessageInput): { sessionId: string; created?: { title: string } } {
    if (request.sessionId) return { sessionId: store.sessions.existing(request.sessionId).id };
    const session = store.sessions.create({ title: titleFrom(request.text) });
    return { sessionId: session.id, created: { title: session.title } };
  }

  /** Inside a transaction: the turn starts and its message takes its place in the history. */
  function startInStore(sessionId: string, turnId: string, text: string, trace: Span): StartedTurn {
    const loading = trace.child('history');
    const watermark = store.watermarks.get(sessionId);
    const rows = store.messages.listAfter(sessionId, watermark?.throughPosition ?? 0, NO_LIMIT);
    loading.end({ messages: rows.length });
    store.turns.start(turnId);
    const message = store.messages.append({ sessionId, turnId, role: 'user', content: text });
    return { messageId: message.id, source: { rows, watermark } };
  }

  const outputFilter = deps.outputFilter ?? createTermFilter([]);

  function handlersFor(
    sessionId: string,
    turnId: string,
    shownText: ReturnType<TermFilter['stream']>,
    ledger: TurnToolLedger,
    evidence: TurnEvidence,
    trace: Span,
    prompt: Span,
  ): TurnHandlers & { flushShown(): void } {
    const loadedGroups = new Set<string>();
    const callOrder = createCallOrder();
    let rounds = 0;
    let memoryFlushes = 0;
    const emit = (body: Parameters<EventBus['publish']>[2]): void => void bus.publish(sessionId, turnId, body);
    const proposalInput = (proposal: ToolCallProposal) => ({
      sessionId,
      turnId,
      callId: proposal.callId,
      toolName: proposal.toolName,
      argumentsJson: proposal.argumentsJson,
      loadedGroups,
      trace,
      shieldContext: evidence.forShield(),
    });
    let streamBudget = deps.maxStreamedTextBytes;
    const show = (text: string): void => {
      if (streamBudget <= 0 || text === '') return;
      const bytes = Buffer.byteLength(text, 'utf8');
      const shown = bytes <= streamBudget ? text : truncateUtf8(text, streamBudget);
      streamBudget -= bytes;
      if (shown !== '') emit({ type: 'llm_token', text: shown });
    };
    return {
      onTokenDelta: (delta) => show(shownText.push(delta)),
      // The end of the answer the term filter held back in case it began a term.
      flushShown: () => show(shownText.flush()),
      onLlmRequest: (request, signal) => {
        // The agent built its prompt between `process` and its first model request.
        prompt.end();
        rounds += 1;
        const round = trace.child(`model round ${rounds}`, { messages: request.messages.length });
        const stream = deps.relay.stream(request, signal, (notice) => {
          if (notice.kind === 'retry') {
            round.childEndedNow(`retry ${notice.attempt}`, 0, { model: notice.model, code: notice.code, delay_ms: notice.delayMs });
            emit({ type: 'llm_retry', ...withoutKind(notice) });
          } else {
            round.childEndedNow('failover', 0, { from: notice.fromModel, to: notice.toModel });
            round.set({ model: notice.toModel });
            emit({ type: 'model_failover', ...withoutKind(notice) });
          }
        });
        return tracedModelRound(stream, round);
      },
      onToolProposal: async (proposal, turnSignal) => {
        ledger.proposed(proposal.callId);
        const run = () => deps.tools.run({ ...proposalInput(proposal), turnSignal }, emit);
        const outcome = await callOrder.schedule(deps.catalog.isReadOnly(proposal.toolName), run);
        ledger.answered(proposal.callId, outcome.content, outcome.isError);
        evidence.read(deps.redact(outcome.content));
        return { content: outcome.content, isError: outcome.isError };
      },
      onRefusedProposal: (proposal, refusal) => {
        const outcome = deps.tools.refuse(proposalInput(proposal), { stage: 'turn', ...refusal }, emit);
        ledger.answered(proposal.callId, outcome.content, true);
        return { content: outcome.content, isError: true };
      },
      onTokenCap: (tokensUsed, tokenCap, message) => emit({ type: 'turn_capped', tokensUsed, tokenCap, message }),
      // A fact the agent's compaction found goes the way memory_write does: Shield, audit, MEMORY.md.
      onMemoryFlush: async (content, turnSignal) => {
        memoryFlushes += 1;
        const input = {
          sessionId,
          turnId,
          callId: `${turnId}-${MEMORY_FLUSH_CALL}-${memoryFlushes}`,
          toolName: 'memory_write',
          argumentsJson: JSON.stringify({ content: deps.redact(content) }),
          loadedGroups: new Set(['memory']),
          turnSignal,
          shieldContext: evidence.forShield(),
        };
        await deps.tools.run(input, emit);
      },
      onToolDefsRequest: (request) => {
        ledger.proposed(request.callId);
        const base = { sessionId, turnId, callId: request.callId, toolName: 'load_tools', argumentsJson: request.argumentsJson };
        // The agent sends no groups when the arguments did not parse.
        const requested = request.groups;
        if (requested.length === 0) {
          deps.tools.recordMetaCall({ ...base, outcome: { code: 'TOOL_ARGUMENTS_INVALID', reason: 'load_tools needs {"groups": [names]}' } });
          return [];
        }
        const known = subagents.allowedGroups(sessionId);
        const accepted = requested.filter((group) => known.has(group));
        if (accepted.length === 0) {
          deps.tools.recordMetaCall({ ...base, outcome: { code: 'TOOL_UNKNOWN', reason: `no tool group named ${requested.join(', ')} available to this session` } });
          return [];
        }
        deps.tools.recordMetaCall({ ...base, outcome: { granted: accepted } });
        for (const group of accepted) loadedGroups.add(group);
        return deps.catalog.toolDefsFor(accepted);
      },
    };
  }

  function complete(sessionId: string, turnId: string, response: TurnReply, toolWork: readonly StoredWorkMessage[] = []): string {
    const { usage } = response;
    const content = outputFilter.apply(deps.redact(response.content));
    const thoughts = outputFilter.apply(deps.redact(response.thoughts));
    const stored = store.transaction(() => {
      const work = toolWork.map((m) => ({
        ...m,
        content: deps.redact(m.content),
        toolCalls: m.toolCalls.map((call) => ({ ...call, argumentsJson: deps.redact(call.argumentsJson) })),
      }));
      const message = store.messages.append({ sessionId, turnId, role: 'assistant', content, thoughts, usage, toolWork: work });
      store.turns.finish(turnId, 'completed');
      return message;
    });
    bus.publish(sessionId, turnId, { type: 'message_stored', messageId: stored.id, role: 'assistant' });
    // What was stored (cut to the store's cap), not what the model sent: it must fit any client.
    bus.publish(sessionId, turnId, {
      type: 'response_complete',
      messageId: stored.id,
      content: stored.content,
      thoughts: stored.thoughts,
      usage,
    });
    return stored.content;
  }

  /** Stores how the turn ended (cancelled turns are audited too) and tells the session's clients. */
  function fail(sessionId: string, turnId: string, error: unknown): ParapetError {
    const failure =
      error instanceof ParapetError ? error : new ParapetError('INTERNAL', 'the turn failed inside the engine (see engine log)');
    if (!(error instanceof ParapetError)) deps.logger.error({ err: error, sessionId, turnId }, 'turn failed');
    try {
      store.transaction(() => {
        const cancelled = failure.code === 'TURN_CANCELLED';
        store.turns.finish(turnId, cancelled ? 'cancelled' : 'failed', failure.code);
        if (cancelled) store.audit.append('TURN_CANCELLED', { sessionId, data: { turnId, reason: failure.message } });
      });
    } catch (storeError) {
      deps.logger.error({ err: storeError, sessionId, turnId }, 'could not record how the turn ended');
    }
    bus.publish(sessionId, turnId, { type: 'error', code: failure.code, message: failure.message, retryable: failure.retryable });
    return failure;
  }

  /** What the agent gets for a turn: the prompt files, and the history prepared within the token budget. */
  async function turnInput(sessionId: string, turnId: string, text: string, source: HistorySource, trace: Span) {
    const reading = trace.child('context');
    const context = workspaceContext.read().map((file) => ({ ...file, content: deps.redact(file.content) }));
    reading.end({ files: context.length });
    counter ??= loadTokenCounter(tokenizer).catch((error: unknown) => {
      deps.logger.warn({ err: error, tokenizer }, 'could not load the tokenizer; estimating tokens instead');
      return estimateTokens;
    });
    const prepared = prepareHistory(source, context, limits, await counter);
    const input = {
      turnId,
      sessionId,
      message: text,
      history: prepared.history,
      earlierSummary: prepared.earlierSummary,
      compactBefore: prepared.compactBefore,
      context,
      maxRounds: deps.maxRounds,
      maxToolCallsPerReply: deps.maxToolCallsPerReply,
      ...(deps.maxTurnTokens !== undefined ? { maxTurnTokens: deps.maxTurnTokens } : {}),
    };
    return { input, prepared };
  }

  const subagents = createSubagents(
    {
      store,
      bus,
      agent: deps.agent,
      groupNames: () => deps.catalog.groupNames(),
      startInStore: (sessionId, turnId, text) => startInStore(sessionId, turnId, text, noSpan),
      // A child's session is new: its history is empty.
      turnInput: async (sessionId, turnId, text) => (await turnInput(sessionId, turnId, text, { rows: [], watermark: undefined }, noSpan)).input,
      handlersFor: (sessionId, turnId, task) =>
        handlersFor(sessionId, turnId, outputFilter.stream(), new TurnToolLedger(), new TurnEvidence(task, true), noSpan, noSpan),
      complete,
      fail,
    },
    deps.maxChildrenPerTurn,
  );

  /** Best effort: a failed or unusable answer keeps the title taken from the first message. */
  async function retitle(sessionId: string): Promise<void> {
    try {
      const title = await titleFromModel(deps.relay, store.messages.list(sessionId), AbortSignal.timeout(TITLE_TIMEOUT_MS));
      if (title) store.sessions.setTitle(sessionId, title);
    } catch (error) {
      deps.logger.warn({ err: error, sessionId }, 'could not title the session');
    }
  }

  /** Waits for the turn's place in the line, runs it, then lets the session's next turn start. */
  async function runInLane(
    turn: { sessionId: string; turnId: string; text: string },
    ticket: LaneTicket,
    atOnce: { started: StartedTurn; slot: TurnSlot } | undefined,
    signal: AbortSignal,
    trace: TurnTrace,
  ): Promise<void> {
    const { sessionId, turnId, text } = turn;
    let titleDue = false;
    let slot = atOnce?.slot;
    try {
      let started = atOnce?.started;
      if (!started) {
        const queued = trace.root.child('queued');
        await ticket.ready;
        const place = slots.acquire(signal);
        if (place.ahead > 0) bus.publish(sessionId, turnId, { type: 'turn_queued', turnsAhead: place.ahead, daemonAtCapacity: true });
        slot = await place.slot;
        queued.end();
        started = store.transaction(() => startInStore(sessionId, turnId, text, trace.root));
        bus.publish(sessionId, turnId, { type: 'message_stored', messageId: started.messageId, role: 'user' });
      }
      const { input, prepared } = await turnInput(sessionId, turnId, text, started.source, trace.root);
      const prompt = trace.root.child('prompt');
      const ledger = new TurnToolLedger();
      const outside = carriesOutsideContent({
        history: input.history,
        earlierSummary: input.earlierSummary,
        promptFiles: input.context,
        externalLabel: store.labels.has(sessionId, 'external'),
      });
      const evidence = new TurnEvidence(text, outside);
      const shown = handlersFor(sessionId, turnId, outputFilter.stream(), ledger, evidence, trace.root, prompt);
      const handlers: TurnHandlers = {
        ...shown,
        onHistoryCompacted: (summary, covered) => {
          const watermark = prepared.watermarkFor(deps.redact(summary), covered);
          if (!watermark) {
            deps.logger.warn({ sessionId, turnId, covered }, 'ignored a compaction that does not end at a turn boundary');
            return;
          }
          store.watermarks.set(sessionId, watermark);
          bus.publish(sessionId, turnId, { type: 'history_compacted', foldedMessages: covered });
          deps.logger.info({ sessionId, turnId, throughPosition: watermark.throughPosition }, 'history compacted');
        },
      };
      const response = await deps.agent.runTurn(input, handlers, signal);
      shown.flushShown();
      complete(sessionId, turnId, response, ledger.accept(response.toolWork));
      trace.root.set({ outcome: 'completed', rounds: response.rounds });
      titleDue = store.messages.countExchanges(sessionId) === TITLE_AFTER_EXCHANGES;
    } catch (error) {
      trace.root.set({ outcome: error instanceof ParapetError ? error.code : 'INTERNAL' });
      fail(sessionId, turnId, error);
    } finally {
      slot?.release();
      ticket.leave();
      storeTrace(turnId, trace);
    }
    if (titleDue) await retitle(sessionId);
  }

  /**
   * One row for the whole trace, written after the turn's last events have gone out (setImmediate)
   * so it never delays an answer; a trace that cannot be stored costs the turn nothing.
   */
  function storeTrace(turnId: string, trace: TurnTrace): void {
    const spans = trace.finish();
    setImmediate(() => {
      try {
        store.traces.insert(turnId, spans);
      } catch (error) {
        deps.logger.warn({ err: error, turnId }, 'could not store the turn trace');
      }
    });
  }

  /**
   * Stores the message durably and takes the turn's place in its session's line; when the line is
   * empty and the daemon has room, the turn starts at once (its message enters the history).
   */
  function accept(request: SendMessageInput, turnId: string, trace: Span) {
    let ticket: LaneTicket | undefined;
    let slot: TurnSlot | undefined;
    try {
      const accepted = store.transaction(() => {
        const opened = openSession(request);
        ticket ??= lanes.join(opened.sessionId);
        store.turns.enqueue({ id: turnId, sessionId: opened.sessionId, text: request.text });
        if (ticket.ahead === 0) slot ??= slots.tryAcquire();
        const started = slot ? startInStore(opened.sessionId, turnId, request.text, trace) : undefined;
        return { ...opened, started };
      });
      if (!ticket) throw new ParapetError('INTERNAL', 'the turn has no place in its session');
      const atOnce = accepted.started && slot ? { started: accepted.started, slot } : undefined;
      return { ...accepted, ticket, atOnce };
    } catch (error) {
      slot?.release();
      ticket?.leave();
      throw error;
    }
  }

  return {
    async *send(request, signal, hooks = {}) {
      // Stored, titled and sent on redacted: a key pasted into a message is kept nowhere.
      const redacted = deps.redact(request.text);
      // Refused here, before anything is stored or acknowledged; or redacted before it is stored.
      const text = deps.checkInput ? deps.checkInput(redacted) : redacted;
      const turnId = newTurnId();
      // Durable before anything else happens: the user's words are never lost.
      const trace = createTurnTrace('turn', { turn_id: turnId });
      const { sessionId, created, atOnce, ticket } = accept({ ...request, text }, turnId, trace.root);
      trace.root.set({ session_id: sessionId });

      const subscription = bus.subscribe(sessionId);
      const stopStreaming = (): void => subscription.close();
      signal.addEventListener('abort', stopStreaming, { once: true });
      if (hooks.onDropped) subscription.onDropped(hooks.onDropped);
      hooks.onLive?.();
      try {
        if (created) bus.publish(sessionId, turnId, { type: 'session_created', title: created.title });
        if (atOnce) bus.publish(sessionId, turnId, { type: 'message_stored', messageId: atOnce.started.messageId, role: 'user' });
        else if (ticket.ahead > 0) bus.publish(sessionId, turnId, { type: 'turn_queued', turnsAhead: ticket.ahead, daemonAtCapacity: false });
        void runInLane({ sessionId, turnId, text }, ticket, atOnce, signal, trace);
        for await (const batch of subscription) {
          if (subscription.dropped) {
            // The farewell belongs to no turn in particular: pass it on as it is, then stop.
            yield batch
              .filter((event) => event.type === 'error' && event.code === 'SUBSCRIBER_DROPPED')
              .map((event) => Object.assign({}, event, { turnId }));
            return;
          }
          const { events, last } = eventsOfTurn(batch, turnId);
          if (events.length > 0) yield events;
          if (last || signal.aborted) return;
        }
      } finally {
        signal.removeEventListener('abort', stopStreaming);
        subscription.close();
      }
    },

    runSubagent: (request) => subagents.run(request),
  };
}
