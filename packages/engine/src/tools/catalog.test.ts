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

  it('offers the files, shell, git, http, memory and agents groups, files with its ten tools', () => {
    expect(toolGroups().map((g) => g.name)).toEqual(['files', 'shell', 'git', 'http', 'memory', 'agents']);
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
    expect(createToolCatalog().groupNames()).toEqual(['files', 'shell', 'git', 'http', 'memory', 'agents']);
  });

  it('offers execute_command in the shell group and twelve argv-only git tools', () => {
    expect(toolDefsFor(['shell']).map((t) => t.name)).toEqual(['execute_command']);
    expect(toolDefsFor(['git']).map((t) => t.name)).toEqual([
      'git_status', 'git_diff', 'git_log', 'git_show', 'git_add', 'git_commit',
      'git_branch', 'git_checkout', 'git_fetch', 'git_pull', 'git_push', 'git_clone',
    ]);
  });

  it('refuses git names and paths that git would read as options', () => {
    const checkout = findTool('git_checkout')?.schema;
    expect(checkout?.safeParse({ ref: 'feature/x' }).success).toBe(true);
    expect(checkout?.safeParse({ ref: '--orphan=x' }).success).toBe(false);
    expect(findTool('git_push')?.schema.safeParse({ branch: '+main' }).success).toBe(false);
    expect(findTool('git_push')?.schema.safeParse({ branch: ':main' }).success).toBe(false);
    expect(findTool('git_push')?.schema.safeParse({ remote: '--receive-pack=evil' }).success).toBe(false);
    expect(findTool('git_add')?.schema.safeParse({ paths: ['--chmod=+x'] }).success).toBe(false);
    expect(findTool('git_clone')?.schema.safeParse({ url: '--upload-pack=touch /tmp/x', directory: 'r' }).success).toBe(false);
  });

  it.each(allTools().map((tool) => [tool.name, tool] as const))('%s: the model\'s JSON Schema agrees with the zod schema', (_name, tool) => {
    const def = toolDefsFor([tool.group]).find((d) => d.name === tool.name);
    const schema = JSON.parse(def?.parameters_json_schema ?? '') as JsonSchema;
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    // Every required property is one zod also requires, and every optional one has a default.
    const example: Record<string, unknown> = {};
    for (const key of schema.required ?? []) example[key] = schema.properties[key]?.type === 'array' ? ['x.txt'] : 'x.txt';
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
