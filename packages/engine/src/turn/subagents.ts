import { ParapetError } from '@parapet/wire';
import type { SubagentRequest } from '../engine-actions/index.js';
import type { Store } from '../storage/index.js';
import { createIdFactory } from '../storage/ids.js';
import { titleFrom } from './history.js';
import type { AgentTurns, EventBus, TurnHandlers, TurnInput, TurnReply } from './ports.js';

/** Sub-agents nest at most this deep: a child of a user's turn is at depth 1. */
export const MAX_SUBAGENT_DEPTH = 3;
/** The group holding spawn_agent: never offered at the deepest level. */
const AGENTS_GROUP = 'agents';

/** What the sub-agent runner borrows from the turn runner, so a child turn is stored and streamed like any turn. */
export interface TurnCore {
  readonly store: Store;
  readonly bus: EventBus;
  readonly agent: AgentTurns;
  /** Every tool group of the catalog. */
  groupNames(): readonly string[];
  /** Inside a transaction: the turn starts and its message enters the session's history. */
  startInStore(sessionId: string, turnId: string, text: string): { messageId: string };
  turnInput(sessionId: string, turnId: string, text: string): Promise<TurnInput>;
  /** `task` is the child's message: written by the parent's model, so never the user's own words. */
  handlersFor(sessionId: string, turnId: string, task: string): TurnHandlers & { flushShown(): void };
  /** Stores the answer and tells the session; returns the stored content. */
  complete(sessionId: string, turnId: string, response: TurnReply): string;
  fail(sessionId: string, turnId: string, error: unknown): ParapetError;
}

export interface Subagents {
  run(request: SubagentRequest): Promise<string>;
  /** The tool groups a session's turns may load: all of them, or a sub-agent's own. */
  allowedGroups(sessionId: string): ReadonlySet<string>;
}

/**
 * Runs a spawn_agent child: a turn in a new session linked to its parent's turn, with no more tool
 * groups than the parent may load, under the same Shield and pipeline. Information-flow labels
 * cross both ways (the task may carry what the parent read; the answer what the child read).
 */
export function createSubagents(core: TurnCore, maxChildrenPerTurn: number): Subagents {
  const { store, bus } = core;
  const runningChildren = new Map<string, number>();
  const newTurnId = createIdFactory();

  function allowedGroups(sessionId: string): ReadonlySet<string> {
    const link = store.sessionParents.get(sessionId);
    const all = core.groupNames();
    if (!link) return new Set(all);
    const known = new Set(all);
    return new Set(link.toolGroups.filter((group) => known.has(group) && (group !== AGENTS_GROUP || link.depth < MAX_SUBAGENT_DEPTH)));
  }

  /** Gives `to` every secret or external label of `from` (audited); returns what to tell `to`'s clients. */
  function copyLabels(from: string, to: string, via: string): Array<{ label: 'secret' | 'external'; source: string; actionId: string }> {
    const added: Array<{ label: 'secret' | 'external'; source: string; actionId: string }> = [];
    for (const record of store.labels.forSession(from)) {
      if (record.label === 'workspace') continue;
      const source = `${via}: ${record.source}`;
      if (!store.labels.add(to, record.label, source, record.actionId)) continue;
      store.audit.append('LABELED', { sessionId: to, data: { label: record.label, source } });
      added.push({ label: record.label, source, actionId: record.actionId ?? '' });
    }
    return added;
  }

  function tellLabels(sessionId: string, turnId: string, labels: ReturnType<typeof copyLabels>): void {
    for (const label of labels) bus.publish(sessionId, turnId, { type: 'session_labeled', ...label });
  }

  /** Refuses a spawn the parent may not make; returns the child's depth and groups. */
  function admit(request: SubagentRequest): { depth: number; groups: string[] } {
    const depth = (store.sessionParents.get(request.parentSessionId)?.depth ?? 0) + 1;
    if (depth > MAX_SUBAGENT_DEPTH) {
      throw new ParapetError('SUBAGENT_LIMIT', `a sub-agent at depth ${MAX_SUBAGENT_DEPTH} cannot spawn another (sub-agents nest at most ${MAX_SUBAGENT_DEPTH} deep)`);
    }
    const allowed = allowedGroups(request.parentSessionId);
    const beyond = request.toolGroups.filter((group) => !allowed.has(group));
    if (beyond.length > 0) {
      throw new ParapetError('SUBAGENT_LIMIT', `a sub-agent gets no tool group its parent may not load: ${[...new Set(beyond)].join(', ')}`);
    }
    if ((runningChildren.get(request.parentTurnId) ?? 0) >= maxChildrenPerTurn) {
      throw new ParapetError('SUBAGENT_LIMIT', `this turn already runs ${maxChildrenPerTurn} sub-agents (concurrency.max_children)`);
    }
    return { depth, groups: [...new Set(request.toolGroups)] };
  }

  async function run(request: SubagentRequest): Promise<string> {
    const { depth, groups } = admit(request);
    const { parentSessionId, parentTurnId, parentCallId, task } = request;
    runningChildren.set(parentTurnId, (runningChildren.get(parentTurnId) ?? 0) + 1);
    const turnId = newTurnId();
    try {
      const { sessionId, messageId, inherited } = store.transaction(() => {
        const session = store.sessions.create({ title: titleFrom(`sub-agent: ${task}`) });
        store.sessionParents.link({ sessionId: session.id, parentSessionId, parentTurnId, parentCallId, depth, toolGroups: groups });
        store.turns.enqueue({ id: turnId, sessionId: session.id, text: task });
        store.audit.append('SUBAGENT_STARTED', {
          sessionId: parentSessionId,
          data: { turnId: parentTurnId, callId: parentCallId, childSessionId: session.id, childTurnId: turnId, depth, toolGroups: groups },
        });
        // The task may carry what the parent read: the child starts with the parent's labels.
        const labels = copyLabels(parentSessionId, session.id, `inherited from the parent session ${parentSessionId}`);
        return { sessionId: session.id, inherited: labels, ...core.startInStore(session.id, turnId, task) };
      });
      const changed = { type: 'subagent', childSessionId: sessionId, childTurnId: turnId, parentCallId, depth } as const;
      bus.publish(parentSessionId, parentTurnId, { ...changed, finished: false, errorCode: '' });
      bus.publish(sessionId, turnId, { type: 'message_stored', messageId, role: 'user' });
      tellLabels(sessionId, turnId, inherited);
      let failure: ParapetError | undefined;
      let answer = '';
      try {
        const input = await core.turnInput(sessionId, turnId, task);
        const handlers = core.handlersFor(sessionId, turnId, task);
        const response = await core.agent.runTurn(input, handlers, request.signal);
        handlers.flushShown();
        answer = core.complete(sessionId, turnId, response);
      } catch (error) {
        failure = core.fail(sessionId, turnId, error);
      }
      // The answer may carry what the child read: the parent gets the child's labels before it sees it.
      const returned = store.transaction(() => {
        store.audit.append('SUBAGENT_FINISHED', {
          sessionId: parentSessionId,
          data: { turnId: parentTurnId, callId: parentCallId, childSessionId: sessionId, childTurnId: turnId, outcome: failure?.code ?? 'completed' },
        });
        return copyLabels(sessionId, parentSessionId, `from the sub-agent session ${sessionId}`);
      });
      tellLabels(parentSessionId, parentTurnId, returned);
      bus.publish(parentSessionId, parentTurnId, { ...changed, finished: true, errorCode: failure?.code ?? '' });
      if (failure) throw new ParapetError(failure.code, `the sub-agent failed: ${failure.message}`, failure.retryable);
      return answer;
    } finally {
      const left = (runningChildren.get(parentTurnId) ?? 1) - 1;
      if (left > 0) runningChildren.set(parentTurnId, left);
      else runningChildren.delete(parentTurnId);
    }
  }

  return { run, allowedGroups };
}
