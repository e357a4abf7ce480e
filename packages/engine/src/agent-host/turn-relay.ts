import {
  DEFAULT_MAX_ROUNDS,
  ParapetError,
  isErrorCode,
  type AgentEvent__Output,
  type EngineDirective,
  type LlmRequest__Output,
} from '@parapet/wire';
import type { Logger } from '../logging/port.js';
import type { ProposalRefusal, ToolCallProposal, ToolGroupsRequest, TurnHandlers, TurnInput, TurnReply } from '../turn/ports.js';
import { processFromTurnInput, proposalFromWire, replyFromWire, toolGroupsRequestFromWire } from './turn-codec.js';

/** Text from the agent is untrusted; keep what it can push into errors and logs short. */
const MAX_AGENT_MESSAGE = 500;
const DEFAULT_MAX_TOOL_CALLS_PER_REPLY = 16;
const LOAD_TOOLS = 'load_tools';
/** Facts one turn's compactions may flush to memory; the agent is untrusted, so it is bounded. */
const MAX_MEMORY_FLUSHES = 20;

export interface TurnRelay {
  readonly turnId: string;
  readonly done: Promise<TurnReply>;
  /**
   * True once the turn is over for the engine and the agent has reported its end too. Until then a
   * relay the engine ended keeps taking the turn's events, so a late proposal is refused and audited.
   */
  readonly finished: boolean;
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
  logger: Logger,
): TurnRelay {
  const { turnId } = input;
  const aborter = new AbortController();
  let settled = false;
  let agentEnded = false;
  let endedBecause: ProposalRefusal = { code: 'TURN_CANCELLED', message: 'the turn has ended: this call was not run' };
  let resolveDone!: (value: TurnReply) => void;
  let rejectDone!: (error: ParapetError) => void;
  const done = new Promise<TurnReply>((resolve, reject) => {
    resolveDone = resolve;
    rejectDone = reject;
  });
  const settle = (outcome: { value: TurnReply } | { error: ParapetError }): void => {
    if (settled) return;
    settled = true;
    aborter.abort();
    if ('value' in outcome) resolveDone(outcome.value);
    else rejectDone(outcome.error);
  };
  const sendIfLive = (directive: EngineDirective): void => {
    if (!settled) send(directive);
  };

  // The agent is untrusted: the engine itself holds it to one model call at a time, maxRounds calls
  // and maxToolCallsPerReply tool calls after each model reply.
  let llmInFlight = false;
  let llmCalls = 0;
  let callsThisReply = 0;
  const roundLimit = input.maxRounds > 0 ? input.maxRounds : DEFAULT_MAX_ROUNDS;
  // guardrails.max_turn_tokens: counted from the provider's usage after each model call.
  const tokenCap = input.maxTurnTokens ?? 0;
  const used = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  // As the agent does it: the last model call's text is the answer, the earlier ones are thoughts.
  const earlierTexts: string[] = [];
  let callText = '';

  /** Ends the turn cleanly: what the model said so far, then why it stopped; the agent is told to stop. */
  const endAtTokenCap = (): void => {
    const message = `This turn stopped after using ${used.total_tokens} tokens, over its cap of ${tokenCap} (guardrails.max_turn_tokens).`;
    endedBecause = { code: 'TURN_CANCELLED', message: 'the turn reached its token cap: this call was not run' };
    handlers.onTokenCap?.(used.total_tokens, tokenCap, message);
    send({ cancel: { turn_id: turnId, reason: 'token cap reached' } });
    const content = callText.trim() === '' ? message : `${callText}\n\n${message}`;
    settle({ value: replyFromWire({ turn_id: turnId, content, thoughts: earlierTexts.join('\n\n'), usage: used, rounds: llmCalls, tool_work: [] }) });
  };
  const callLimit = input.maxToolCallsPerReply > 0 ? input.maxToolCallsPerReply : DEFAULT_MAX_TOOL_CALLS_PER_REPLY;

  const relayLlm = async (request: LlmRequest__Output): Promise<void> => {
    const requestId = request.request_id;
    if (llmInFlight) {
      sendIfLive({ llm_part: { request_id: requestId, error: { code: 'AGENT_PROTOCOL', message: 'one model call at a time', retryable: false } } });
      return;
    }
    llmCalls += 1;
    callsThisReply = 0;
    if (llmCalls > roundLimit) {
      send({ cancel: { turn_id: turnId, reason: 'round limit reached' } });
      settle({ error: new ParapetError('MAX_ROUNDS', `the turn used all ${roundLimit} rounds without a final answer`) });
      return;
    }
    llmInFlight = true;
    callText = '';
    try {
      for await (const part of handlers.onLlmRequest(request, aborter.signal)) {
        if (settled) return;
        if (part.text_delta) callText += part.text_delta;
        if (part.finish && tokenCap > 0) {
          used.prompt_tokens += Number(part.finish.usage?.prompt_tokens ?? 0);
          used.completion_tokens += Number(part.finish.usage?.completion_tokens ?? 0);
          used.total_tokens += Number(part.finish.usage?.total_tokens ?? 0);
          // The agent acts on a reply's tool calls at its finish, which it never gets: nothing more runs.
          if (used.total_tokens > tokenCap) {
            endAtTokenCap();
            return;
          }
          if (callText.trim() !== '') earlierTexts.push(callText);
        }
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

  /** Counts the call against the reply's cap; a refusal when it is over. */
  const overCap = (): ProposalRefusal | undefined => {
    callsThisReply += 1;
    if (callsThisReply <= callLimit) return undefined;
    return { code: 'TOOL_CALL_LIMIT', message: `only ${callLimit} tool calls of one reply run; call ${callsThisReply} was refused` };
  };

  /** Audits the refusal and tells the agent; failing to record it still refuses. */
  const refuse = (proposal: ToolCallProposal, refusal: ProposalRefusal): { content: string; isError: true } => {
    try {
      return { content: handlers.onRefusedProposal(proposal, refusal).content, isError: true };
    } catch (error) {
      logger.error({ turnId, callId: proposal.callId, err: error }, 'could not record a refused proposal');
      return { content: `[${refusal.code}] ${refusal.message}`, isError: true };
    }
  };

  const relayTool = async (proposal: ToolCallProposal): Promise<void> => {
    const refusal = overCap();
    let result: { content: string; isError: boolean };
    try {
      result = refusal ? refuse(proposal, refusal) : await handlers.onToolProposal(proposal, aborter.signal);
    } catch (error) {
      // Fail closed: the call did not run, and the model is told so.
      if (!(error instanceof ParapetError)) logger.error({ turnId, callId: proposal.callId, err: error }, 'tool proposal failed');
      result = {
        content: error instanceof ParapetError ? `${error.code}: ${error.message}` : 'the engine could not run this tool call',
        isError: true,
      };
    }
    sendIfLive({ tool_result: { turn_id: turnId, call_id: proposal.callId, content: result.content, is_error: result.isError } });
  };

  const asProposal = (request: ToolGroupsRequest): ToolCallProposal => ({
    callId: request.callId,
    toolName: LOAD_TOOLS,
    argumentsJson: request.argumentsJson,
  });

  const relayToolDefs = (request: ToolGroupsRequest): void => {
    const refusal = overCap();
    let tools: ReturnType<TurnHandlers['onToolDefsRequest']> = [];
    if (refusal) refuse(asProposal(request), refusal);
    else {
      try {
        tools = handlers.onToolDefsRequest(request);
      } catch (error) {
        logger.error({ turnId, groups: request.groups, err: error }, 'tool definitions request failed');
      }
    }
    sendIfLive({ tool_defs: { turn_id: turnId, tools } });
  };

  let memoryFlushes = 0;
  const relayMemoryFlush = (content: string): void => {
    memoryFlushes += 1;
    if (memoryFlushes > MAX_MEMORY_FLUSHES || !handlers.onMemoryFlush) return;
    handlers.onMemoryFlush(content, aborter.signal).catch((error: unknown) => {
      logger.error({ turnId, err: error }, 'memory flush failed');
    });
  };

  const dispatch = (event: AgentEvent__Output): void => {
    if (event.token_delta) handlers.onTokenDelta(event.token_delta.text);
    else if (event.memory_flush) relayMemoryFlush(event.memory_flush.content);
    else if (event.history_compacted) handlers.onHistoryCompacted?.(event.history_compacted.summary, event.history_compacted.covered);
    else if (event.llm_request) void relayLlm(event.llm_request);
    else if (event.tool_proposal) void relayTool(proposalFromWire(event.tool_proposal));
    else if (event.tool_defs_request) relayToolDefs(toolGroupsRequestFromWire(event.tool_defs_request));
    else if (event.response_complete) {
      agentEnded = true;
      settle({ value: replyFromWire(event.response_complete) });
    } else if (event.agent_error) {
      agentEnded = true;
      const { code, message, recoverable } = event.agent_error;
      const stable = isErrorCode(code) ? code : 'INTERNAL';
      settle({ error: new ParapetError(stable, message.slice(0, MAX_AGENT_MESSAGE) || 'the agent failed', recoverable) });
    }
  };

  /** After the engine ended the turn: nothing runs; proposals are refused (audited) and answered. */
  const afterEnd = (event: AgentEvent__Output): void => {
    if (event.tool_proposal) {
      const { content } = refuse(proposalFromWire(event.tool_proposal), endedBecause);
      send({ tool_result: { turn_id: turnId, call_id: event.tool_proposal.call_id, content, is_error: true } });
    } else if (event.tool_defs_request) {
      refuse(asProposal(toolGroupsRequestFromWire(event.tool_defs_request)), endedBecause);
      send({ tool_defs: { turn_id: turnId, tools: [] } });
    } else if (event.llm_request) {
      const { code, message } = endedBecause;
      send({ llm_part: { request_id: event.llm_request.request_id, error: { code, message, retryable: false } } });
    } else if (event.response_complete || event.agent_error) {
      agentEnded = true;
    }
  };

  send({ process: processFromTurnInput(input) });

  return {
    turnId,
    done,
    get finished() {
      return settled && agentEnded;
    },
    handle(event) {
      if (turnIdOf(event) !== turnId) return;
      try {
        if (settled) afterEnd(event);
        else dispatch(event);
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
      endedBecause = { code: 'TURN_CANCELLED', message: `the turn was cancelled (${reason}): this call was not run` };
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
    event.history_compacted?.turn_id ??
    event.response_complete?.turn_id ??
    event.agent_error?.turn_id
  );
}
