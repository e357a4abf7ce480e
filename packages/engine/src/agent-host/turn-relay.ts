import {
  ParapetError,
  isErrorCode,
  type AgentEvent__Output,
  type EngineDirective,
  type LlmRequest__Output,
} from '@parapet/wire';
import type { AgentHostLogger, ResponseComplete__Output, ToolProposal__Output, TurnHandlers, TurnInput } from './types.js';

/** Text from the agent is untrusted; keep what it can push into errors and logs short. */
const MAX_AGENT_MESSAGE = 500;
/** The agent's own default when a turn does not set max_rounds. */
const DEFAULT_MAX_ROUNDS = 25;

export interface TurnRelay {
  readonly turnId: string;
  readonly done: Promise<ResponseComplete__Output>;
  /** Routes one agent event; events for other turns are ignored. */
  handle(event: AgentEvent__Output): void;
  /** Ends the turn with `error` (agent crashed, host stopping). */
  fail(error: ParapetError): void;
  /** Tells the agent to cancel and ends the turn with TURN_CANCELLED. */
  cancel(reason: string): void;
}

/** Sends `process` for the turn, then serves the agent's requests for it until it completes or fails. */
export function startTurnRelay(
  input: TurnInput,
  handlers: TurnHandlers,
  send: (directive: EngineDirective) => void,
  logger: AgentHostLogger,
): TurnRelay {
  const { turnId } = input;
  const aborter = new AbortController();
  let settled = false;
  let resolveDone!: (value: ResponseComplete__Output) => void;
  let rejectDone!: (error: ParapetError) => void;
  const done = new Promise<ResponseComplete__Output>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  const settle = (outcome: { value: ResponseComplete__Output } | { error: ParapetError }): void => {
    if (settled) return;
    settled = true;
    aborter.abort();
    if ('value' in outcome) resolveDone(outcome.value);
    else rejectDone(outcome.error);
  };
  const sendIfLive = (directive: EngineDirective): void => {
    if (!settled) send(directive);
  };

  // The agent is untrusted: the engine itself holds it to one model call at a time and maxRounds calls.
  let llmInFlight = false;
  let llmCalls = 0;
  const roundLimit = input.maxRounds > 0 ? input.maxRounds : DEFAULT_MAX_ROUNDS;

  const relayLlm = async (request: LlmRequest__Output): Promise<void> => {
    const requestId = request.request_id;
    if (llmInFlight) {
      sendIfLive({ llm_part: { request_id: requestId, error: { code: 'AGENT_PROTOCOL', message: 'one model call at a time', retryable: false } } });
      return;
    }
    llmCalls += 1;
    if (llmCalls > roundLimit) {
      send({ cancel: { turn_id: turnId, reason: 'round limit reached' } });
      settle({ error: new ParapetError('MAX_ROUNDS', `the turn used all ${roundLimit} rounds without a final answer`) });
      return;
    }
    llmInFlight = true;
    try {
      for await (const part of handlers.onLlmRequest(request, aborter.signal)) {
        if (settled) return;
        sendIfLive({ llm_part: { ...part, request_id: requestId } });
        if (part.finish || part.error) return;
      }
      sendIfLive({ llm_part: { request_id: requestId, error: { code: 'LLM_ERROR', message: 'the model stream ended without finishing', retryable: true } } });
    } catch (error) {
      if (settled) return;
      const failure = error instanceof ParapetError ? error : new ParapetError('LLM_ERROR', 'the model request failed (see engine log)', true);
      if (!(error instanceof ParapetError)) logger.error({ turnId, err: error }, 'model request failed');
      sendIfLive({ llm_part: { request_id: requestId, error: { code: failure.code, message: failure.message, retryable: failure.retryable } } });
    } finally {
      llmInFlight = false;
    }
  };

  const relayTool = async (proposal: ToolProposal__Output): Promise<void> => {
    let result: { content: string; isError: boolean };
    try {
      result = await handlers.onToolProposal(proposal);
    } catch (error) {
      // Fail closed: the call did not run, and the model is told so.
      if (!(error instanceof ParapetError)) logger.error({ turnId, callId: proposal.call_id, err: error }, 'tool proposal failed');
      result = {
        content: error instanceof ParapetError ? `${error.code}: ${error.message}` : 'the engine could not run this tool call',
        isError: true,
      };
    }
    sendIfLive({ tool_result: { turn_id: turnId, call_id: proposal.call_id, content: result.content, is_error: result.isError } });
  };

  const relayToolDefs = (groups: string[]): void => {
    let tools: ReturnType<TurnHandlers['onToolDefsRequest']> = [];
    try {
      tools = handlers.onToolDefsRequest(groups);
    } catch (error) {
      logger.error({ turnId, groups, err: error }, 'tool definitions request failed');
    }
    sendIfLive({ tool_defs: { turn_id: turnId, tools } });
  };

  const dispatch = (event: AgentEvent__Output): void => {
    if (event.token_delta) handlers.onTokenDelta(event.token_delta.text);
    else if (event.llm_request) void relayLlm(event.llm_request);
    else if (event.tool_proposal) void relayTool(event.tool_proposal);
    else if (event.tool_defs_request) relayToolDefs(event.tool_defs_request.groups);
    else if (event.response_complete) settle({ value: event.response_complete });
    else if (event.agent_error) {
      const { code, message, recoverable } = event.agent_error;
      const stable = isErrorCode(code) ? code : 'INTERNAL';
      settle({ error: new ParapetError(stable, message.slice(0, MAX_AGENT_MESSAGE) || 'the agent failed', recoverable) });
    }
  };

  send({
    process: {
      turn_id: turnId,
      session_id: input.sessionId,
      message: input.message,
      history: input.history,
      context: input.context,
      max_rounds: input.maxRounds,
    },
  });

  return {
    turnId,
    done,
    handle(event) {
      if (settled || turnIdOf(event) !== turnId) return;
      try {
        dispatch(event);
      } catch (error) {
        logger.error({ turnId, err: error }, 'turn handler failed');
        settle({ error: new ParapetError('INTERNAL', 'the engine failed while serving the turn (see engine log)') });
      }
    },
    fail(error) {
      settle({ error });
    },
    cancel(reason) {
      if (settled) return;
      send({ cancel: { turn_id: turnId, reason } });
      settle({ error: new ParapetError('TURN_CANCELLED', reason) });
    },
  };
}

export function turnIdOf(event: AgentEvent__Output): string | undefined {
  return (
    event.llm_request?.turn_id ??
    event.token_delta?.turn_id ??
    event.tool_proposal?.turn_id ??
    event.tool_defs_request?.turn_id ??
    event.memory_flush?.turn_id ??
    event.response_complete?.turn_id ??
    event.agent_error?.turn_id
  );
}
