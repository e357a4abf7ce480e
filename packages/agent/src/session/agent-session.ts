import {
  ParapetError,
  type CanaryResult,
  type EngineDirective__Output,
  type ToolDef__Output,
  type ToolGroup__Output,
} from '@parapet/wire';
import { reasonTurn } from '../loop/run-turn.js';
import type { TurnChannel } from '../loop/turn-channel.js';
import { AsyncQueue } from '../transport/async-queue.js';
import type { AgentTransport } from '../transport/agent-transport.js';

export interface ReadyInfo {
  token: string;
  canaries: CanaryResult[];
  pid: number;
}

/** Why the session ended: the engine asked (`shutdown`) or the stream closed under us. */
export type SessionEnd = 'shutdown' | 'closed';

interface LiveTurn {
  inbox: AsyncQueue<EngineDirective__Output>;
  requestIds: Set<string>;
}

/**
 * Runs the agent's side of `RunSession`: announces `ready`, then routes each directive to the turn
 * it belongs to (by turn_id, or request_id for `llm_part`) until `shutdown` or the stream ends.
 */
export async function runAgentSession(transport: AgentTransport, ready: ReadyInfo): Promise<SessionEnd> {
  const turns = new Map<string, LiveTurn>();
  let initialTools: ToolDef__Output[] = [];
  let groups: ToolGroup__Output[] = [];
  let ended = false;
  const running = new Set<Promise<void>>();

  const routeToTurn = (turnId: string, directive: EngineDirective__Output): void => {
    turns.get(turnId)?.inbox.push(directive);
  };
  const cancelAll = (reason: string): void => {
    for (const turn of turns.values()) turn.inbox.close(new ParapetError('TURN_CANCELLED', reason));
  };

  const startTurn = (directive: NonNullable<EngineDirective__Output['process']>): void => {
    if (turns.has(directive.turn_id)) return;
    const turn: LiveTurn = { inbox: new AsyncQueue(), requestIds: new Set() };
    turns.set(directive.turn_id, turn);
    const channel = createTurnChannel(directive.turn_id, turn, transport);
    const spec = {
      message: directive.message,
      history: directive.history,
      earlierSummary: directive.earlier_summary,
      compactBefore: directive.compact_before,
      context: directive.context,
      maxRounds: directive.max_rounds,
      initialTools,
      groups,
    };
    const done = reasonTurn(spec, channel).then(
      (outcome) => {
        if (!ended) transport.send({ response_complete: { turn_id: directive.turn_id, ...outcome } });
      },
      (error: unknown) => {
        if (!ended) transport.send({ agent_error: { turn_id: directive.turn_id, ...describeFailure(error) } });
      },
    );
    const tracked = done.finally(() => {
      turns.delete(directive.turn_id);
      running.delete(tracked);
    });
    running.add(tracked);
  };

  transport.send({ ready });
  try {
    for await (const directive of transport.directives) {
      switch (directive.directive) {
        case 'initial_tool_defs':
          initialTools = directive.initial_tool_defs?.tools ?? [];
          groups = directive.initial_tool_defs?.groups ?? [];
          break;
        case 'process':
          if (directive.process) startTurn(directive.process);
          break;
        case 'llm_part': {
          const requestId = directive.llm_part?.request_id;
          for (const turn of turns.values()) if (requestId !== undefined && turn.requestIds.has(requestId)) turn.inbox.push(directive);
          break;
        }
        case 'tool_result':
          routeToTurn(directive.tool_result?.turn_id ?? '', directive);
          break;
        case 'tool_defs':
          routeToTurn(directive.tool_defs?.turn_id ?? '', directive);
          break;
        case 'cancel': {
          const reason = directive.cancel?.reason || 'cancelled by the engine';
          turns.get(directive.cancel?.turn_id ?? '')?.inbox.close(new ParapetError('TURN_CANCELLED', reason));
          break;
        }
        case 'shutdown':
          ended = true;
          cancelAll('the engine is shutting down');
          await Promise.allSettled(running);
          return 'shutdown';
        default:
          break;
      }
    }
  } catch {
    // A broken stream ends the session the same way a closed one does.
  }
  ended = true;
  cancelAll('the engine stream closed');
  await Promise.allSettled(running);
  return 'closed';
}

function createTurnChannel(turnId: string, turn: LiveTurn, transport: AgentTransport): TurnChannel {
  let requests = 0;
  return {
    turnId,
    send: (event) => transport.send(event),
    receive: () => turn.inbox.take(),
    openLlmRequest() {
      requests += 1;
      const requestId = `${turnId}/llm-${requests}`;
      turn.requestIds.add(requestId);
      return requestId;
    },
  };
}

function describeFailure(error: unknown): { code: string; message: string; recoverable: boolean } {
  if (error instanceof ParapetError) return { code: error.code, message: error.message, recoverable: error.retryable };
  return { code: 'INTERNAL', message: 'the agent failed while reasoning', recoverable: false };
}
