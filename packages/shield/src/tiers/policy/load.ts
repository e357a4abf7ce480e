import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
import { ShieldError } from '../../errors.js';
import { formatIssues, issueMessages } from '../../schema-issues.js';
import { BUILTIN_POLICY_NAMES } from './builtin-names.js';
import { compilePolicy, type CompiledPolicy } from './policy.js';
import { policyFileSchema, type PolicyFile } from './schema.js';


/**
 * The repository's `policies/` folder, beside `packages/`. Found from the Shield package by name:
 * bundled into the engine, this module no longer sits at its own depth.
 */
export const BUILTIN_POLICY_DIR = join(dirname(createRequire(import.meta.url).resolve('@parapet/shield/package.json')), '..', '..', 'policies');

/** A built-in name (`default`, `permissive`, `strict`) or a file path → absolute file path. */
export function resolvePolicyPath(fileOrName: string): string {
  if ((BUILTIN_POLICY_NAMES as readonly string[]).includes(fileOrName)) {
    return resolve(BUILTIN_POLICY_DIR, `${fileOrName}.yaml`);
  }
  return resolve(fileOrName);
}

export type PolicyParseResult =
  | { readonly ok: true; readonly policy: PolicyFile }
  | { readonly ok: false; readonly errors: readonly string[] };

/** Parses and validates policy YAML text; every problem comes back with its key path. */
export function parsePolicyText(text: string): PolicyParseResult {
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length > 0) {
    return { ok: false, errors: doc.errors.map((e) => `yaml: ${e.message.split('\n')[0] ?? e.message}`) };
  }
  const parsed = policyFileSchema.safeParse(doc.toJS(), { error: issueMessages });
  if (!parsed.success) return { ok: false, errors: formatIssues(parsed.error.issues) };
  return { ok: true, policy: parsed.data };
}

/** `parapet policy check FILE`: the errors with key paths, or none. Never throws. */
export function checkPolicyFile(path: string): PolicyParseResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'cannot read file';
    return { ok: false, errors: [`${path}: ${reason}`] };
  }
  return parsePolicyText(text);
}

/** Loads, validates and compiles a policy by built-in name or file path. Throws ShieldError. */
export function loadPolicy(fileOrName: string, options: { readonly home?: string } = {}): CompiledPolicy {
  const path = resolvePolicyPath(fileOrName);
  if (!existsSync(path)) {
    throw new ShieldError('POLICY_NOT_FOUND', `policy not found: ${path}`);
  }
  const result = checkPolicyFile(path);
  if (!result.ok) {
    throw new ShieldError('POLICY_INVALID', `invalid policy ${path}:\n  ${result.errors.join('\n  ')}`, false, {
      details: result.errors,
    });
  }
  return compilePolicy(result.policy, { home: options.home ?? homedir(), source: path });
}
