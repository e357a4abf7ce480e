import { lstatSync, renameSync } from 'node:fs';
import path from 'node:path';
import { MEMORY_FILE_NAME, PROMPT_FILE_NAMES } from '../pipeline/prompt-files.js';

/** The workspace files the engine builds the system prompt from: no command may change or create them. */
export const COMMAND_GUARDED_FILES: readonly string[] = [...PROMPT_FILE_NAMES, MEMORY_FILE_NAME];

/** What sits at a guarded name: `dev:ino:kind` (a symlink is not followed), or undefined for nothing. */
export type EntryIdentity = string | undefined;

export function entryIdentity(file: string): EntryIdentity {
  const stats = lstatSync(file, { throwIfNoEntry: false });
  if (!stats) return undefined;
  return `${stats.dev}:${stats.ino}:${stats.isFile() ? 'file' : 'other'}`;
}

function isRegularFile(identity: EntryIdentity): boolean {
  return identity?.endsWith(':file') ?? false;
}

/**
 * The guarded files a command must find read-only: those that are regular files now. The runner
 * bind-mounts each over itself in the command's own mount namespace, so the command can neither
 * write, replace, rename nor delete them (a mount point cannot be unlinked or renamed over).
 */
export function readOnlyPromptFiles(workspace: string): string[] {
  return COMMAND_GUARDED_FILES.map((name) => path.join(workspace, name)).filter((file) => isRegularFile(entryIdentity(file)));
}

/** The guarded names as a command starts. */
export function guardedEntries(workspace: string): ReadonlyMap<string, EntryIdentity> {
  return new Map(COMMAND_GUARDED_FILES.map((name) => [name, entryIdentity(path.join(workspace, name))]));
}

function asideName(file: string): string {
  for (let n = 1; ; n += 1) {
    const candidate = `${file}.from-command${n === 1 ? '' : `-${n}`}`;
    if (entryIdentity(candidate) === undefined) return candidate;
  }
}

/**
 * After a command: a guarded name that was no regular file when it started could not be mounted
 * read-only, so whatever now stands there may be the command's work. It is moved aside (rename acts
 * on the entry itself, never through a symlink) so it is never read into the system prompt.
 * Returns a note per file moved.
 */
export function setAsideCreatedPromptFiles(workspace: string, before: ReadonlyMap<string, EntryIdentity>): string[] {
  const notes: string[] = [];
  for (const [name, was] of before) {
    if (isRegularFile(was)) continue;
    const file = path.join(workspace, name);
    const now = entryIdentity(file);
    if (now === undefined || now === was) continue;
    const aside = asideName(file);
    renameSync(file, aside);
    notes.push(`[${name} appeared while the command ran and was moved to ${path.basename(aside)}: only the file tools may create the files the system prompt is built from]`);
  }
  return notes;
}
