import type { ToolCall__Output, ToolGroup__Output } from '@parapet/wire';
import { LOAD_TOOLS, loadToolGroups } from './load-tools.js';
import { proposeToolCalls } from './tool-proposal.js';
import type { Toolset } from './toolset.js';
import type { TurnChannel } from './turn-channel.js';

/**
 * The results of one reply's tool calls, in the order the model made them. Calls between two
 * `load_tools` are proposed together (the engine runs the read-only ones at the same time);
 * `load_tools` is answered on its own, in its place, since it changes what the later calls may use.
 */
export async function resolveToolCalls(
  calls: readonly ToolCall__Output[],
  channel: TurnChannel,
  toolset: Toolset,
  groups: readonly ToolGroup__Output[],
): Promise<string[]> {
  const results: string[] = [];
  let together: ToolCall__Output[] = [];
  const proposeTogether = async (): Promise<void> => {
    if (together.length === 0) return;
    results.push(...(await proposeToolCalls(together, channel)));
    together = [];
  };
  for (const call of calls) {
    if (call.name !== LOAD_TOOLS) {
      together.push(call);
      continue;
    }
    await proposeTogether();
    results.push(await loadToolGroups(call, channel, toolset, groups));
  }
  await proposeTogether();
  return results;
}
