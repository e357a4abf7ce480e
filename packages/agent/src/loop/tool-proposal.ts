import type { ToolCall__Output } from '@parapet/wire';
import type { TurnChannel } from './turn-channel.js';

/** Proposes one tool call to the engine and waits for its verdict-and-result; the agent never acts. */
export async function proposeToolCall(call: ToolCall__Output, channel: TurnChannel): Promise<string> {
  channel.send({
    tool_proposal: { turn_id: channel.turnId, call_id: call.id, tool_name: call.name, arguments_json: call.arguments_json },
  });
  for (;;) {
    const directive = await channel.receive();
    const result = directive.tool_result;
    if (!result || result.call_id !== call.id) continue;
    return result.is_error ? `Error: ${result.content}` : result.content;
  }
}
