import type { ToolGroup__Output, WorkspaceFile__Output } from '@parapet/wire';

/** The workspace files that shape the agent, in the order they are presented. */
export const CONTEXT_FILE_ORDER = ['IDENTITY.md', 'SOUL.md', 'USER.md'] as const;

const TOOLS_GUIDE =
  'Each turn starts with only the `load_tools` tool. Call it with {"groups": [...]} to load the tool groups you need; ' +
  'their tools stay available for the rest of the turn. Tool calls are proposals: the engine may refuse them, ' +
  'and a refusal comes back as the tool result.';

/**
 * Assembles the system prompt from the workspace files the engine sent: the well-known files first
 * (missing or empty ones skipped), then any other file in the order received, then the tool guide.
 */
export function assembleSystemPrompt(files: readonly WorkspaceFile__Output[], groups: readonly ToolGroup__Output[]): string {
  const byName = new Map(files.map((file) => [file.name, file]));
  const ordered = [
    ...CONTEXT_FILE_ORDER.flatMap((name) => byName.get(name) ?? []),
    ...files.filter((file) => !(CONTEXT_FILE_ORDER as readonly string[]).includes(file.name)),
  ];
  const sections = ordered
    .filter((file) => file.content.trim() !== '')
    .map((file) => `# ${file.name}\n\n${file.content.trim()}`);
  sections.push(`# Tools\n\n${TOOLS_GUIDE}${describeGroups(groups)}`);
  return sections.join('\n\n');
}

function describeGroups(groups: readonly ToolGroup__Output[]): string {
  if (groups.length === 0) return '';
  const lines = groups.map((group) => `- ${group.name}: ${group.description}`);
  return `\n\nTool groups:\n${lines.join('\n')}`;
}
