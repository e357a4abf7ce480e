import type { ToolDef, ToolGroup } from '@parapet/wire';
import { z } from 'zod';
import { AGENTS_GROUP, AGENTS_TOOLS } from './agents-group.js';
import { FILES_GROUP, FILES_TOOLS } from './files-group.js';
import { GIT_GROUP, GIT_TOOLS } from './git-group.js';
import { HTTP_GROUP, HTTP_TOOLS } from './http-group.js';
import { MEMORY_GROUP, MEMORY_TOOLS } from './memory-group.js';
import { SHELL_GROUP, SHELL_TOOLS } from './shell-group.js';
import { LOAD_TOOLS, loadToolsDescription, loadToolsSchema } from './meta.js';
import type { ToolGroupInfo, ToolSpec } from './types.js';

const GROUPS: readonly ToolGroupInfo[] = [FILES_GROUP, SHELL_GROUP, GIT_GROUP, HTTP_GROUP, MEMORY_GROUP, AGENTS_GROUP];
const TOOLS: readonly ToolSpec[] = [...FILES_TOOLS, ...SHELL_TOOLS, ...GIT_TOOLS, ...HTTP_TOOLS, ...MEMORY_TOOLS, ...AGENTS_TOOLS];
const BY_NAME = new Map(TOOLS.map((tool) => [tool.name, tool]));

/** The JSON Schema the model sees, generated from the zod schema the engine validates with. */
export function parametersJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
}

export function toolGroups(): ToolGroup[] {
  return GROUPS.map((group) => ({ name: group.name, description: group.description }));
}

/** What the agent starts every turn with: only `load_tools`. */
export function metaToolDefs(): ToolDef[] {
  return [
    {
      name: LOAD_TOOLS,
      description: loadToolsDescription(GROUPS.map((group) => group.name)),
      parameters_json_schema: JSON.stringify(parametersJsonSchema(loadToolsSchema)),
      group: '',
    },
  ];
}

/** Generated once per tool: turning a zod schema into JSON Schema is too slow to repeat per load_tools. */
const DEFS = new Map<ToolSpec, ToolDef>();

/** The definitions of every tool in `groups`; unknown group names contribute nothing. */
export function toolDefsFor(groups: readonly string[]): ToolDef[] {
  const wanted = new Set(groups);
  return TOOLS.filter((tool) => wanted.has(tool.group)).map((tool) => {
    let def = DEFS.get(tool);
    if (!def) {
      def = toToolDef(tool);
      DEFS.set(tool, def);
    }
    return { ...def };
  });
}

export function findTool(name: string): ToolSpec | undefined {
  return BY_NAME.get(name);
}

export function allTools(): readonly ToolSpec[] {
  return TOOLS;
}

/** The shape the turn runner expects (groupNames + toolDefsFor + isReadOnly). */
export function createToolCatalog(): {
  groupNames(): readonly string[];
  toolDefsFor(groups: readonly string[]): ToolDef[];
  isReadOnly(toolName: string): boolean;
} {
  return { groupNames: () => GROUPS.map((group) => group.name), toolDefsFor, isReadOnly: (toolName) => findTool(toolName)?.readOnly === true };
}

function toToolDef(tool: ToolSpec): ToolDef {
  return {
    name: tool.name,
    description: tool.description,
    parameters_json_schema: JSON.stringify(parametersJsonSchema(tool.schema)),
    group: tool.group,
  };
}
