import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ParapetError } from '@parapet/wire';
import { parseGrantsText, type GrantRule, type PolicyFile } from '@parapet/shield';
import { isMap, isSeq, parseDocument } from 'yaml';

/** The folder the grants file lives in: the engine's own state, never the workspace. */
export const grantsDir = (home: string): string => join(home, 'policies');
export const grantsFilePath = (home: string): string => join(grantsDir(home), 'grants.yaml');

const EMPTY_GRANTS = `# Your durable grants: tier-0 allow rules made from actions you approved
# (\`parapet policy allow --from APPROVAL_ID\`). Each lets the exact action it names run without
# asking you, unless a deny rule of the policy refuses it; \`parapet policy remove NAME\` revokes it.
# The engine reads this file when it starts and after each change made through parapet.
version: 1
name: grants
rules:
  allow: []
`;

/** The file's text; the empty grants file when there is none yet. */
export function readGrantsText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return EMPTY_GRANTS;
    throw new ParapetError('CONFIG_INVALID', `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
}

export function parseGrants(file: string, text: string): PolicyFile {
  const parsed = parseGrantsText(text);
  if (!parsed.ok) throw new ParapetError('CONFIG_INVALID', `${file}: ${parsed.errors.join('; ')}`);
  return parsed.policy;
}

function allowList(file: string, text: string): { doc: ReturnType<typeof parseDocument>; items: unknown[] } {
  const doc = parseDocument(text);
  const allow = doc.getIn(['rules', 'allow'], true);
  if (!isSeq(allow)) throw new ParapetError('CONFIG_INVALID', `${file}: rules.allow is not a list`);
  return { doc, items: allow.items };
}

/** The text with `rule` appended to rules.allow; comments and layout of the rest are kept. */
export function textWithGrant(file: string, text: string, rule: GrantRule): string {
  const { doc } = allowList(file, text);
  const allow = doc.getIn(['rules', 'allow'], true);
  if (isSeq(allow)) allow.flow = false;
  doc.addIn(['rules', 'allow'], doc.createNode(rule));
  return doc.toString({ lineWidth: 0 });
}

/** The text without the allow rule named `name`; undefined when there is none. */
export function textWithoutGrant(file: string, text: string, name: string): string | undefined {
  const { doc, items } = allowList(file, text);
  const index = items.findIndex((item) => isMap(item) && item.get('id') === name);
  if (index < 0) return undefined;
  doc.deleteIn(['rules', 'allow', index]);
  return doc.toString({ lineWidth: 0 });
}

/** Replaces the file in one step (a reader sees the old or the new one), owner-only. */
export function writeGrantsText(home: string, text: string): void {
  mkdirSync(grantsDir(home), { recursive: true, mode: 0o700 });
  const file = grantsFilePath(home);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, file);
}
