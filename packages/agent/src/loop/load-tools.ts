import { echoInput, type ToolCall__Output, type ToolDef__Output, type ToolGroup__Output } from '@parapet/wire';
import type { Toolset } from './toolset.js';
import type { TurnChannel } from './turn-channel.js';

export const LOAD_TOOLS = 'load_tools';

/** Unknown group names quoted back to the model; the rest are counted, not repeated. */
const MAX_ECHOED_GROUPS = 5;

/** Accepts `{"groups": ["files"]}` and, leniently, `{"group": "files"}`; anything else is null. */
export function parseLoadToolsArguments(argumentsJson: string): string[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsJson);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { groups, group } = parsed as { groups?: unknown; group?: unknown };
  if (Array.isArray(groups) && groups.length > 0 && groups.every((g): g is string => typeof g === 'string')) return groups;
  if (typeof group === 'string' && group !== '') return [group];
  return null;
}

/**
 * Handles the `load_tools` meta-tool: asks the engine for the groups' definitions (the engine audits
 * every such call, malformed ones too), adds them to the turn's toolset and returns the tool result
 * telling the model what it now has.
 */
export async function loadToolGroups(
  call: ToolCall__Output,
  channel: TurnChannel,
  toolset: Toolset,
  knownGroups: readonly ToolGroup__Output[],
): Promise<string> {
  const requested = parseLoadToolsArguments(call.arguments_json);
  const available = knownGroups.map((g) => g.name).join(', ') || 'none';
  channel.send({
    tool_defs_request: { turn_id: channel.turnId, groups: requested ?? [], call_id: call.id, arguments_json: call.arguments_json },
  });
  const tools = await receiveToolDefs(channel);
  if (!requested) return `Error: load_tools needs {"groups": [names]}. Available groups: ${available}.`;
  toolset.add(tools);
  const loadedGroups = new Set(tools.map((t) => t.group));
  const unknown = requested.filter((g) => !loadedGroups.has(g));
  const parts: string[] = [];
  if (tools.length > 0) parts.push(`Loaded tools: ${tools.map((t) => t.name).join(', ')}.`);
  if (unknown.length > 0) parts.push(`No tools loaded for: ${echoGroups(unknown)}. Available groups: ${available}.`);
  return parts.join(' ');
}

/** The names as the model sent them, each cut short and only the first few: never its input whole. */
function echoGroups(names: readonly string[]): string {
  const shown = names.slice(0, MAX_ECHOED_GROUPS).map((name) => echoInput(name));
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

async function receiveToolDefs(channel: TurnChannel): Promise<ToolDef__Output[]> {
  for (;;) {
    const directive = await channel.receive();
    if (directive.tool_defs) return directive.tool_defs.tools;
  }
}
