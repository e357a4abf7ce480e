import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { WorkspaceFile } from '@parapet/wire';

/**
 * The workspace files the agent's system prompt is built from, in prompt order. MEMORY.md goes in
 * as quoted notes (the agent's prompt assembly keeps it apart from the instructions); PROMPT.md,
 * when present, is the template the prompt is rendered from.
 */
export const CONTEXT_FILES = ['IDENTITY.md', 'SOUL.md', 'USER.md', 'MEMORY.md', 'PROMPT.md'] as const;

/** Each file is cut here so a huge file cannot crowd out the conversation. */
const MAX_CONTEXT_FILE_CHARS = 16_000;

/** Reads the context files the engine sends with each turn (the agent cannot read them itself). */
export async function readWorkspaceContext(workspace: string): Promise<WorkspaceFile[]> {
  const files = await Promise.all(
    CONTEXT_FILES.map(async (name) => {
      try {
        const content = await readFile(join(workspace, name), 'utf8');
        return { name, content: content.slice(0, MAX_CONTEXT_FILE_CHARS) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    }),
  );
  return files.filter((file) => file !== undefined);
}
