import { ulid } from 'ulid';
import { ParapetError, truncateUtf8, type ChatMessage, type ResponseComplete__Output } from '@parapet/wire';
import type { EngineEvent } from '../events/types.js';
import type { Logger } from 'pino';
import type { Store } from '../storage/index.js';
import type { AgentTurns, EventBus, ModelRelay, ToolCalls, ToolCatalog, TurnHandlers } from './ports.js';
import { titleFrom, toAgentHistory } from './history.js';
import { createTurnTrace, tracedModelRound, type Span, type TurnTrace } from '../trace/index.js';
import { createCallOrder } from './call-order.js';
import { createSessionLanes, type LaneTicket } from './session-lanes.js';
import { TITLE_AFTER_EXCHANGES, titleFromModel } from './session-title.js';
import { readWorkspaceContext } from './workspace-context.js';

export interface TurnRunnerDeps {
  readonly store: Store;
  readonly bus: EventBus;
  readonly agent: AgentTurns;
  readonly relay: ModelRelay;
  readonly tools: ToolCalls;
  readonly catalog: ToolCatalog;
  readonly workspace: string;
  readonly maxRounds: number;
  readonly maxToolCallsPerReply: number;
  /**
   * Reply text streamed to clients per turn, in UTF-8 bytes. Past it the stream stops (the stored
   * message is cut too, with a marker): a reader that keeps up is never swamped by a runaway reply.
   */
  readonly maxStreamedTextBytes: number;
  /** Applied to every text a turn stores or passes on (the message, its title, the answer). */
  readonly redact: (text: string) => string;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

export interface TurnRequest {
  readonly sessionId?: string;
  readonly text: string;
}

const TITLE_TIMEOUT_MS = 15_000;

export interface TurnRunner {
  /**
   * Stores the message, runs the turn in the background once the session's earlier turns are done,
   * and streams this turn's events in batches (in order; a batch is what was published since the
   * last one was taken). Ends after `response_complete` or `error`, or when `signal` aborts (an
   * abort cancels the turn), or after the farewell `error` when the broadcaster drops this reader
   * for not reading; `onDropped` is told at once, so a sender waiting on its client can stop.
   */
  send(request: TurnRequest, signal: AbortSignal, onDropped?: () => void): AsyncIterable<readonly EngineEvent[]>;
}

/** The turn's user message in the session's history, and the history before it. */
interface StartedTurn {
  readonly messageId: string;
  readonly history: ChatMessage[];
}

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
  const { store, bus } = deps;
  const lanes = createSessionLanes();

  /** The session to continue, or a new one titled after the message (`created` carries its title). */
  function openSession(request: TurnRequest): { sessionId: string; created?: { title: string } } {
    if (request.sessionId) {
      if (!store.sessions.get(request.sessionId)) {
        throw new ParapetError('SESSION_NOT_FOUND', `no session with id ${request.sessionId}`);
      }
      return { sessionId: request.sessionId };
    }
    const session = store.sessions.create({ title: titleFrom(request.text) });
    return { sessionId: session.id, created: { title: session.title } };
  }

  /** Inside a transaction: the turn starts and its message takes its place in the history. */
  function startInStore(sessionId: string, turnId: string, text: string, trace: Span): StartedTurn {
    const loading = trace.child('history');
    const history = toAgentHistory(store.messages.list(sessionId));
    loading.end({ messages: history.length });
    store.turns.start(turnId);
    const message = store.messages.append({ sessionId, turnId, role: 'user', content: text });
    return { messageId: message.id, history };
  }

  function handlersFor(sessionId: string, turnId: string, trace: Span, prompt: Span): TurnHandlers {
    const loadedGroups = new Set<string>();
    const callOrder = createCallOrder();
    let rounds = 0;
    const emit = (body: Parameters<EventBus['publish']>[2]): void => void bus.publish(sessionId, turnId, body);
    const proposalInput = (proposal: { call_id: string; tool_name: string; arguments_json: string }) => ({
      sessionId,
      turnId,
      callId: proposal.call_id,
      toolName: proposal.tool_name,
      argumentsJson: proposal.arguments_json,
      loadedGroups,
      trace,
    });
    let streamBudget = deps.maxStreamedTextBytes;
    return {
      onTokenDelta: (text) => {
        if (streamBudget <= 0) return;
        const bytes = Buffer.byteLength(text, 'utf8');
        const shown = bytes <= streamBudget ? text : truncateUtf8(text, streamBudget);
        streamBudget -= bytes;
        if (shown !== '') emit({ type: 'llm_token', text: shown });
      },
      onLlmRequest: (request, signal) => {
        // The agent built its prompt between `process` and its first model request.
        prompt.end();
        rounds += 1;
        return tracedModelRound(deps.relay.stream(request, signal), trace.child(`model round ${rounds}`, { messages: request.messages.length }));
      },
      onToolProposal: async (proposal, turnSignal) => {
        const run = () => deps.tools.run({ ...proposalInput(proposal), turnSignal }, emit);
        const outcome = await callOrder.schedule(deps.catalog.isReadOnly(proposal.tool_name), run);
        return { content: outcome.content, isError: outcome.isError };
      },
      onRefusedProposal: (proposal, refusal) => {
        const outcome = deps.tools.refuse(proposalInput(proposal), { stage: 'turn', ...refusal }, emit);
        return { content: outcome.content, isError: true };
      },
      onToolDefsRequest: (request) => {
        const base = { sessionId, turnId, callId: request.call_id, toolName: 'load_tools', argumentsJson: request.arguments_json };
        // The agent sends no groups when the arguments did not parse.
        const requested = request.groups;
        if (requested.length === 0) {
          deps.tools.recordMetaCall({ ...base, outcome: { code: 'TOOL_ARGUMENTS_INVALID', reason: 'load_tools needs {"groups": [names]}' } });
          return [];
        }
        const known = new Set(deps.catalog.groupNames());
        const accepted = requested.filter((group) => known.has(group));
        if (accepted.length === 0) {
          deps.tools.recordMetaCall({ ...base, outcome: { code: 'TOOL_UNKNOWN', reason: `no tool group named ${requested.join(', ')}` } });
          return [];
        }
        deps.tools.recordMetaCall({ ...base, outcome: { granted: accepted } });
        for (const group of accepted) loadedGroups.add(group);
        return deps.catalog.toolDefsFor(accepted);
      },
    };
  }

  function complete(sessionId: string, turnId: string, response: ResponseComplete__Output): void {
    const usage = {
      promptTokens: response.usage?.prompt_tokens ?? 0,
      completionTokens: response.usage?.completion_tokens ?? 0,
      totalTokens: response.usage?.total_tokens ?? 0,
    };
    const content = deps.redact(response.content);
    const thoughts = deps.redact(response.thoughts);
    const stored = store.transaction(() => {
      const message = store.messages.append({ sessionId, turnId, role: 'assistant', content, thoughts, usage });
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
  }

  /** Stores how the turn ended (cancelled turns are audited too) and tells the session's clients. */
  function fail(sessionId: string, turnId: string, error: unknown): void {
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
  }

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
    startedAtOnce: StartedTurn | undefined,
    signal: AbortSignal,
    trace: TurnTrace,
  ): Promise<void> {
    const { sessionId, turnId, text } = turn;
    let titleDue = false;
    try {
      let started = startedAtOnce;
      if (!started) {
        const queued = trace.root.child('queued');
        await ticket.ready;
        queued.end();
        started = store.transaction(() => startInStore(sessionId, turnId, text, trace.root));
        bus.publish(sessionId, turnId, { type: 'message_stored', messageId: started.messageId, role: 'user' });
      }
      const reading = trace.root.child('context');
      const context = (await readWorkspaceContext(deps.workspace)).map((file) => ({ ...file, content: deps.redact(file.content ?? '') }));
      reading.end({ files: context.length });
      const prompt = trace.root.child('prompt');
      const response = await deps.agent.runTurn(
        {
          turnId,
          sessionId,
          message: text,
          history: started.history,
          context,
          maxRounds: deps.maxRounds,
          maxToolCallsPerReply: deps.maxToolCallsPerReply,
        },
        handlersFor(sessionId, turnId, trace.root, prompt),
        signal,
      );
      complete(sessionId, turnId, response);
      trace.root.set({ outcome: 'completed', rounds: response.rounds });
      titleDue = store.messages.countExchanges(sessionId) === TITLE_AFTER_EXCHANGES;
    } catch (error) {
      trace.root.set({ outcome: error instanceof ParapetError ? error.code : 'INTERNAL' });
      fail(sessionId, turnId, error);
    } finally {
      storeTrace(turnId, trace);
      ticket.leave();
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

  /** Stores the message durably and takes the turn's place in its session's line. */
  function accept(request: TurnRequest, turnId: string, trace: Span) {
    let ticket: LaneTicket | undefined;
    try {
      const accepted = store.transaction(() => {
        const opened = openSession(request);
        ticket ??= lanes.join(opened.sessionId);
        store.turns.enqueue({ id: turnId, sessionId: opened.sessionId, text: request.text });
        const started = ticket.ahead === 0 ? startInStore(opened.sessionId, turnId, request.text, trace) : undefined;
        return { ...opened, started };
      });
      if (!ticket) throw new ParapetError('INTERNAL', 'the turn has no place in its session');
      return { ...accepted, ticket };
    } catch (error) {
      ticket?.leave();
      throw error;
    }
  }

  return {
    async *send(request, signal, onDropped) {
      // Stored, titled and sent on redacted: a key pasted into a message is kept nowhere.
      const text = deps.redact(request.text);
      if (text.trim() === '') throw new ParapetError('INVALID_ARGUMENT', 'the message is empty');
      const turnId = ulid();
      const trace = createTurnTrace('turn', { turn_id: turnId });
      // Durable before anything else happens: the user's words are never lost.
      const { sessionId, created, started, ticket } = accept({ ...request, text }, turnId, trace.root);
      trace.root.set({ session_id: sessionId });

      const subscription = bus.subscribe(sessionId);
      const stopStreaming = (): void => subscription.close();
      signal.addEventListener('abort', stopStreaming, { once: true });
      if (onDropped) subscription.onDropped(onDropped);
      try {
        if (created) bus.publish(sessionId, turnId, { type: 'session_created', title: created.title });
        if (started) bus.publish(sessionId, turnId, { type: 'message_stored', messageId: started.messageId, role: 'user' });
        else bus.publish(sessionId, turnId, { type: 'turn_queued', turnsAhead: ticket.ahead });
        void runInLane({ sessionId, turnId, text }, ticket, started, signal, trace);
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
  };
}
