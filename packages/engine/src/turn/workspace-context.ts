import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { PromptFile } from './ports.js';

/**
 * The workspace files the agent's system prompt is built from, in prompt order. MEMORY.md goes in
 * as quoted notes (the agent's prompt assembly keeps it apart from the instructions); PROMPT.md,
 * when present, is the template the prompt is rendered from.
 */
export const CONTEXT_FILES = ['IDENTITY.md', 'SOUL.md', 'USER.md', 'MEMORY.md', 'PROMPT.md'] as const;

/** Each file is cut here so a huge file cannot crowd out the conversation. */
const MAX_CONTEXT_FILE_CHARS = 16_000;

/** Whether the file at `name`, found as `identity` (`dev:ino:kind`), may be loaded now (see CommandFence). */
export type PromptFileAdmission = (name: string, identity: string) => boolean;

/**
 * Reads the context files the engine sends with each turn (the agent cannot read them itself).
 * Only regular files are read, never through a symlink (one could lead to a key outside the
 * workspace), and only when `admits` vouches for them: a running command may have just made one.
 */
export async function readWorkspaceContext(workspace: string, admits: PromptFileAdmission): Promise<PromptFile[]> {
  const files = await Promise.all(CONTEXT_FILES.map((name) => readContextFile(workspace, name, admits)));
  return files.filter((file) => file !== undefined);
}

async function readContextFile(workspace: string, name: string, admits: PromptFileAdmission): Promise<PromptFile | undefined> {
  let handle;
  try {
    handle = await open(join(workspace, name), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ELOOP') return undefined;
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || !admits(name, `${stats.dev}:${stats.ino}:file`)) return undefined;
    const content = await handle.readFile('utf8');
    return { name, content: content.slice(0, MAX_CONTEXT_FILE_CHARS) };
  } finally {
    await handle.close();
  }
}
