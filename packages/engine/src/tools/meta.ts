import { z } from 'zod';

export const LOAD_TOOLS = 'load_tools';

/** The meta-tool every turn starts with: the agent answers it by asking the engine for tool groups. */
export const loadToolsSchema = z.strictObject({
  groups: z.array(z.string().min(1)).min(1, { error: 'name at least one group' }).describe('Tool groups to load, e.g. ["files"]'),
});

export function loadToolsDescription(groupNames: readonly string[]): string {
  return `Load groups of tools before using them. Available groups: ${groupNames.join(', ')}.`;
}
