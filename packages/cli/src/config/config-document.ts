import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { isMap, parseDocument, type Document } from 'yaml';
import { configFileSchema } from '@parapet/engine/client';
import { formatIssues, issueMessages } from '@parapet/shield/schema-issues';
import { ParapetError } from '@parapet/wire';
import { fsError } from '../fs-errors.js';

export type ConfigDocument = Document.Parsed;

/** config.yaml as a YAML document (comments and order kept); an absent file is an empty one. */
export async function readConfigDocument(configPath: string): Promise<ConfigDocument> {
  let text = '';
  try {
    text = await readFile(configPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw fsError('read', configPath, error, 'CONFIG_INVALID');
  }
  return parseDocument(text, { uniqueKeys: true });
}

/** Every problem of the document at once: YAML syntax first, then each schema issue. */
export function configProblems(document: ConfigDocument): string[] {
  if (document.errors.length > 0) {
    return document.errors.map((error) => {
      const line = error.linePos?.[0].line;
      const message = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
      return `${line ? `line ${line}: ` : ''}invalid YAML: ${message}`;
    });
  }
  const parsed = configFileSchema.safeParse(document.toJS() ?? {}, { error: issueMessages });
  return parsed.success ? [] : formatIssues(parsed.error.issues);
}

/** The effective settings (defaults filled in), or undefined when the file is invalid. */
export function effectiveConfig(document: ConfigDocument): Record<string, unknown> | undefined {
  if (document.errors.length > 0) return undefined;
  const parsed = configFileSchema.safeParse(document.toJS() ?? {});
  return parsed.success ? (parsed.data as Record<string, unknown>) : undefined;
}

export function keyPath(dotted: string): string[] {
  const parts = dotted.split('.');
  if (parts.some((part) => part === '')) throw new ParapetError('INVALID_ARGUMENT', `"${dotted}": expected a dot path such as llm.model`);
  return parts;
}

/** A command-line value as YAML reads it (600 is a number, true a boolean), else the text itself. */
export function parseValue(text: string): unknown {
  const document = parseDocument(text);
  if (document.errors.length > 0) return text;
  const value: unknown = document.toJS();
  return value === null || value === undefined ? text : value;
}

/** Drops maps left empty by an unset, so `llm:` with nothing under it does not linger. */
export function pruneEmptyParents(document: ConfigDocument, path: readonly string[]): void {
  for (let depth = path.length - 1; depth > 0; depth -= 1) {
    const parent = path.slice(0, depth);
    const node = document.getIn(parent, true);
    if (isMap(node) && node.items.length === 0) document.deleteIn(parent);
    else break;
  }
}

/**
 * Refuses a change that adds a problem (one that fixes a broken file step by step is fine), else
 * replaces config.yaml atomically, keeping its mode (0600 when new).
 */
export async function writeConfigDocument(configPath: string, document: ConfigDocument, problemsBefore: readonly string[]): Promise<void> {
  const problems = configProblems(document);
  if (problems.some((problem) => !problemsBefore.includes(problem))) {
    throw new ParapetError('CONFIG_INVALID', `refused: the change would make config.yaml invalid: ${problems.join('; ')}`);
  }
  let mode = 0o600;
  try {
    mode = (await stat(configPath)).mode & 0o777;
  } catch {
    // New file.
  }
  const temporary = join(dirname(configPath), `.config.yaml.${process.pid}.tmp`);
  try {
    await writeFile(temporary, document.toString(), { mode });
    await rename(temporary, configPath);
  } catch (error) {
    throw fsError('write', configPath, error, 'CONFIG_INVALID');
  }
}
