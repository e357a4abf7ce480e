import type { ChatMessage, ChatMessage__Output, Process, ResponseComplete__Output, ToolDefsRequest__Output, ToolProposal__Output } from '@parapet/wire';
import { usageFromSnakeCase } from '@parapet/wire/client';
import type { HistoryEntry, ReportedWorkMessage, ToolCallProposal, ToolGroupsRequest, TurnInput, TurnReply } from '../turn/ports.js';

/* The one place that converts between the agent's wire messages and the turn's own types (turn/ports.ts). */

function historyMessageToWire(entry: HistoryEntry): ChatMessage {
  return {
    role: entry.role,
    content: entry.content,
    ...(entry.toolCalls ? { tool_calls: entry.toolCalls.map((call) => ({ id: call.id, name: call.name, arguments_json: call.argumentsJson })) } : {}),
    ...(entry.toolCallId !== undefined ? { tool_call_id: entry.toolCallId } : {}),
  };
}

export function processFromTurnInput(input: TurnInput): Process {
  return {
    turn_id: input.turnId,
    session_id: input.sessionId,
    message: input.message,
    history: input.history.map(historyMessageToWire),
    context: input.context.map((file) => ({ name: file.name, content: file.content })),
    max_rounds: input.maxRounds,
    earlier_summary: input.earlierSummary ?? '',
    compact_before: input.compactBefore ?? 0,
  };
}

export function proposalFromWire(proposal: ToolProposal__Output): ToolCallProposal {
  return { callId: proposal.call_id, toolName: proposal.tool_name, argumentsJson: proposal.arguments_json };
}

export function toolGroupsRequestFromWire(request: ToolDefsRequest__Output): ToolGroupsRequest {
  return { callId: request.call_id, groups: request.groups, argumentsJson: request.arguments_json };
}

function workMessageFromWire(message: ChatMessage__Output): ReportedWorkMessage {
  return {
    role: message.role,
    content: message.content,
    toolCalls: message.tool_calls.map((call) => ({ id: call.id, name: call.name, argumentsJson: call.arguments_json })),
    toolCallId: message.tool_call_id,
  };
}

export function replyFromWire(response: ResponseComplete__Output): TurnReply {
  return {
    content: response.content,
    thoughts: response.thoughts,
    usage: usageFromSnakeCase(response.usage),
    rounds: response.rounds,
    toolWork: response.tool_work.map(workMessageFromWire),
  };
}
