import { describe, expect, it } from 'vitest';
import { allTools, createToolCatalog, findTool, metaToolDefs, toolDefsFor, toolGroups } from './catalog.js';
import { loadToolsSchema } from './meta.js';

interface JsonSchema {
  type: string;
  properties: Record<string, { type: string; default?: unknown }>;
  required?: string[];
  additionalProperties: boolean;
}

describe('tool catalog', () => {
  it('starts a turn with load_tools only, naming the groups it can load', () => {
    const [meta, ...rest] = metaToolDefs();
    expect(rest).toEqual([]);
    expect(meta?.name).toBe('load_tools');
    expect(meta?.description).toContain('files');
    const schema = JSON.parse(meta?.parameters_json_schema ?? '') as JsonSchema;
    expect(schema.required).toEqual(['groups']);
    expect(loadToolsSchema.safeParse({ groups: ['files'] }).success).toBe(true);
    expect(loadToolsSchema.safeParse({ groups: [] }).success).toBe(false);
  });

  it('offers the files, http and memory groups with their tools', () => {
    expect(toolGroups().map((g) => g.name)).toEqual(['files', 'http', 'memory']);
    expect(toolDefsFor(['files']).map((t) => t.name)).toEqual([
      'read_file',
      'write_file',
      'list_directory',
      'search_files',
      'delete_file',
      'move_file',
      'copy_file',
      'create_directory',
      'delete_directory',
      'grep',
    ]);
    expect(toolDefsFor(['http']).map((t) => t.name)).toEqual(['http_request']);
    expect(toolDefsFor(['memory']).map((t) => t.name)).toEqual(['memory_write', 'memory_search']);
    expect(toolDefsFor(['nope'])).toEqual([]);
    expect(createToolCatalog().groupNames()).toEqual(['files', 'http', 'memory']);
  });

  it.each(allTools().map((tool) => [tool.name, tool] as const))('%s: the model\'s JSON Schema agrees with the zod schema', (_name, tool) => {
    const def = toolDefsFor([tool.group]).find((d) => d.name === tool.name);
    const schema = JSON.parse(def?.parameters_json_schema ?? '') as JsonSchema;
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    // Every required property is one zod also requires, and every optional one has a default.
    const example: Record<string, string> = {};
    for (const key of schema.required ?? []) example[key] = 'x.txt';
    expect(tool.schema.safeParse(example).success).toBe(true);
    for (const key of schema.required ?? []) {
      const missing = { ...example };
      delete missing[key];
      expect(tool.schema.safeParse(missing).success).toBe(false);
    }
    for (const [key, property] of Object.entries(schema.properties)) {
      if (!(schema.required ?? []).includes(key)) expect(property.default).toBeDefined();
    }
    expect(tool.schema.safeParse({ ...example, extra: 1 }).success).toBe(false);
    // Path fields exist in the schema the model sees.
    for (const { field } of tool.paths) expect(Object.keys(schema.properties)).toContain(field);
  });

  it('hands out definitions a caller cannot alter for the next turn', () => {
    const [first] = toolDefsFor(['files']);
    if (first) first.description = 'changed by a caller';
    expect(toolDefsFor(['files'])[0]?.description).toBe(findTool('read_file')?.description);
  });

  it('fills defaults and refuses bad paths', () => {
    expect(findTool('list_directory')?.schema.parse({})).toEqual({ path: '.' });
    expect(findTool('read_file')?.schema.safeParse({ path: '' }).success).toBe(false);
    expect(findTool('read_file')?.schema.safeParse({ path: 'a\0b' }).success).toBe(false);
    expect(findTool('read_file')?.schema.safeParse({ path: 7 }).success).toBe(false);
  });
});
