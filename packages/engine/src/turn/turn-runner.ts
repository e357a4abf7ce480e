import { ulid } from 'ulid';
import { ParapetError, type ResponseComplete__Output } from '@parapet/wire';
import type { EngineEvent } from '../events/types.js';
import type { Logger } from 'pino';
import type { Store } from '../storage/index.js';
import type { AgentTurns, EventBus, ModelRelay, ToolCalls, ToolCatalog, TurnHandlers } from './ports.js';
import { titleFrom, toAgentHistory } from './history.js';
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
   * Stores the message, runs the turn in the background and streams this turn's events in batches
   * (in order; a batch is what was published since the last one was taken). Ends after
   * `response_complete` or `error`.
   */
  send(request: TurnRequest, signal: AbortSignal): AsyncIterable<readonly EngineEvent[]>;
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

export function createTurnRunner(deps: TurnRunnerDeps): TurnRunner {
  const { store, bus } = deps;

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

  function handlersFor(sessionId: string, turnId: string): TurnHandlers {
    const loadedGroups = new Set<string>();
    return {
      onTokenDelta: (text) => void bus.publish(sessionId, turnId, { type: 'llm_token', text }),
      onLlmRequest: (request, signal) => deps.relay.stream(request, signal),
      onToolProposal: async (proposal) => {
        const outcome = await deps.tools.run(
          {
            sessionId,
            turnId,
            callId: proposal.call_id,
            toolName: proposal.tool_name,
            argumentsJson: proposal.arguments_json,
            loadedGroups,
          },
          (body) => void bus.publish(sessionId, turnId, body),
        );
        return { content: outcome.content, isError: outcome.isError };
      },
      onToolDefsRequest: (groups) => {
        const known = new Set(deps.catalog.groupNames());
        const accepted = groups.filter((group) => known.has(group));
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
    const stored = store.messages.append({
      sessionId,
      turnId,
      role: 'assistant',
      content,
      thoughts,
      usage,
    });
    bus.publish(sessionId, turnId, { type: 'message_stored', messageId: stored.id, role: 'assistant' });
    bus.publish(sessionId, turnId, {
      type: 'response_complete',
      messageId: stored.id,
      content,
      thoughts,
      usage,
    });
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

  async function runTurn(sessionId: string, turnId: string, text: string, priorHistory: ReturnType<typeof toAgentHistory>): Promise<void> {
    try {
      const context = (await readWorkspaceContext(deps.workspace)).map((file) => ({ ...file, content: deps.redact(file.content ?? '') }));
      const response = await deps.agent.runTurn(
        { turnId, sessionId, message: text, history: priorHistory, context, maxRounds: deps.maxRounds },
        handlersFor(sessionId, turnId),
      );
      complete(sessionId, turnId, response);
      if (store.messages.countExchanges(sessionId) === TITLE_AFTER_EXCHANGES) await retitle(sessionId);
    } catch (error) {
      const failure =
        error instanceof ParapetError ? error : new ParapetError('INTERNAL', 'the turn failed inside the engine (see engine log)');
      if (!(error instanceof ParapetError)) deps.logger.error({ err: error, sessionId, turnId }, 'turn failed');
      bus.publish(sessionId, turnId, { type: 'error', code: failure.code, message: failure.message, retryable: failure.retryable });
    }
  }

  return {
    async *send(request, signal) {
      // Stored, titled and sent on redacted: a key pasted into a message is kept nowhere.
      const text = deps.redact(request.text);
      if (text.trim() === '') throw new ParapetError('INVALID_ARGUMENT', 'the message is empty');
      const turnId = ulid();
      // Durable before anything else happens: the user's words are never lost.
      const { sessionId, created, priorHistory, messageId } = store.transaction(() => {
        const opened = openSession({ ...request, text });
        const history = toAgentHistory(store.messages.list(opened.sessionId));
        const message = store.messages.append({ sessionId: opened.sessionId, turnId, role: 'user', content: text });
        return { ...opened, priorHistory: history, messageId: message.id };
      });

      const subscription = bus.subscribe(sessionId);
      try {
        if (created) bus.publish(sessionId, turnId, { type: 'session_created', title: created.title });
        bus.publish(sessionId, turnId, { type: 'message_stored', messageId, role: 'user' });
        void runTurn(sessionId, turnId, text, priorHistory);
        for await (const batch of subscription) {
          const { events, last } = eventsOfTurn(batch, turnId);
          if (events.length > 0) yield events;
          if (last || signal.aborted) return;
        }
      } finally {
        subscription.close();
      }
    },
  };
}
