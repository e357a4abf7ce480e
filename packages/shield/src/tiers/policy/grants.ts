import { parsePolicyText, type PolicyParseResult } from './load.js';
import { compilePolicy, type CompiledPolicy } from './policy.js';
import type { PolicyFile, PolicyRuleSpec } from './schema.js';

/** A grant is an allow rule; the grants file holds nothing else. */
export type GrantRule = PolicyRuleSpec;

/** Action types a grant may name: the ones whose reach a command or a path fully describes. */
export const GRANTABLE_COMMAND_ACTIONS = ['execute_command'] as const;
export const GRANTABLE_PATH_ACTIONS = [
  'read_file',
  'write_file',
  'list_directory',
  'search_files',
  'copy_file',
  'move_file',
  'delete_file',
  'create_directory',
  'delete_directory',
] as const;

/** Syntax characters: the only ones a `u`-flag pattern may escape. */
const REGEX_SPECIAL = /[\\^$.*+?()[\]{}|/]/gu;
const GLOB_SPECIAL = /[*?[\]{}()!+@\\]/gu;

/** A pattern that matches `command` and nothing else. */
export const exactCommandPattern = (command: string): string => `^${command.replace(REGEX_SPECIAL, '\\$&')}$`;

/** A glob that matches `path` and nothing else; inside the workspace it is written from `{workspace}`. */
export function exactPathGlob(path: string, workspace: string | undefined): string {
  const escaped = (text: string): string => text.replace(GLOB_SPECIAL, '\\$&');
  if (workspace !== undefined && path.startsWith(`${workspace}/`)) return `{workspace}/${escaped(path.slice(workspace.length + 1))}`;
  return escaped(path);
}

/**
 * Parses a grants file: a policy file (same schema, same `parapet policy check`) whose only rules
 * are allow rules. A grant that could deny or escalate would not be a grant.
 */
export function parseGrantsText(text: string): PolicyParseResult {
  const parsed = parsePolicyText(text);
  if (!parsed.ok) return parsed;
  const { deny, escalate } = parsed.policy.rules;
  if (deny.length > 0 || escalate.length > 0) return { ok: false, errors: ['rules: a grants file holds allow rules only'] };
  return parsed;
}

export function compileGrants(file: PolicyFile, options: { readonly home: string; readonly source: string }): CompiledPolicy {
  return compilePolicy(file, options);
}
