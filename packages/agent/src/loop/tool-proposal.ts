import type { ToolCall__Output } from '@parapet/wire';
import type { TurnChannel } from './turn-channel.js';

/**
 * Proposes the calls of one reply to the engine all at once and waits for every verdict-and-result;
 * the agent never acts. The engine decides what runs together (read-only calls) and what waits for
 * what (a call that changes something), so results may arrive in any order; they are returned in
 * the order of `calls`. Call ids are unique within the turn.
 */
export async function proposeToolCalls(calls: readonly ToolCall__Output[], channel: TurnChannel): Promise<string[]> {
  for (const call of calls) {
    channel.send({
      tool_proposal: { turn_id: channel.turnId, call_id: call.id, tool_name: call.name, arguments_json: call.arguments_json },
    });
  }
  const results = new Map<string, string>();
  const waiting = new Set(calls.map((call) => call.id));
  while (waiting.size > 0) {
    const directive = await channel.receive();
    const result = directive.tool_result;
    if (!result || !waiting.has(result.call_id)) continue;
    waiting.delete(result.call_id);
    results.set(result.call_id, result.is_error ? `Error: ${result.content}` : result.content);
  }
  return calls.map((call) => results.get(call.id) ?? '');
}
