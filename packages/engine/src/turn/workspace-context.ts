import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type BigIntStats } from 'node:fs';
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
/** A UTF-16 code unit takes at most 3 UTF-8 bytes; 3 more keep a cut sequence past the last char kept. */
const MAX_CONTEXT_FILE_BYTES = MAX_CONTEXT_FILE_CHARS * 3 + 3;
/**
 * A file changed this recently is read again even when its stat looks the same: a write within
 * the file system's timestamp granularity leaves size, mtime and ctime as they were.
 */
const SETTLED_NS = 2_000_000_000n;

/** Whether the file at `name`, found as `identity` (`dev:ino:kind`), may be loaded now (see CommandFence). */
export type PromptFileAdmission = (name: string, identity: string) => boolean;

export interface WorkspaceContext {
  /** The context files as they are now, in prompt order (absent, refused or unreadable ones left out). */
  read(): PromptFile[];
}

interface KnownFile {
  readonly stamp: string;
  readonly content: string;
}

/**
 * Reads the context files the engine sends with each turn (the agent cannot read them itself).
 * Only regular files are read, never through a symlink (one could lead to a key outside the
 * workspace), and only when `admits` vouches for them: a running command may have just made one.
 *
 * Every turn stats each file; the content is kept and read again only when the file's identity,
 * size, mtime or ctime changed, or when it changed too recently for its timestamps to tell.
 */
export function createWorkspaceContext(workspace: string, admits: PromptFileAdmission, nowNs: () => bigint = wallClockNs): WorkspaceContext {
  const known = new Map<string, KnownFile>();

  const readOne = (name: string): PromptFile | undefined => {
    const path = join(workspace, name);
    const seen = lstatSync(path, { bigint: true, throwIfNoEntry: false });
    if (!seen?.isFile() || !admits(name, identityOf(seen))) {
      known.delete(name);
      return undefined;
    }
    const cached = known.get(name);
    if (cached && cached.stamp === stampOf(seen)) return { name, content: cached.content };
    const read = readRegularFile(path, seen);
    if (!read) {
      known.delete(name);
      return undefined;
    }
    const settled = nowNs() - maxOf(read.stats.mtimeNs, read.stats.ctimeNs) > SETTLED_NS;
    if (settled) known.set(name, { stamp: stampOf(read.stats), content: read.content });
    else known.delete(name);
    return { name, content: read.content };
  };

  return {
    read: () => CONTEXT_FILES.map(readOne).filter((file) => file !== undefined),
  };
}

/**
 * The file's first MAX_CONTEXT_FILE_CHARS, if `path` still names the regular file `seen` found.
 * O_NOFOLLOW refuses a symlink swapped in since, O_NONBLOCK keeps a FIFO from stalling the open.
 */
function readRegularFile(path: string, seen: BigIntStats): { content: string; stats: BigIntStats } | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ELOOP') return undefined;
    throw error;
  }
  try {
    const stats = fstatSync(fd, { bigint: true });
    if (!stats.isFile() || identityOf(stats) !== identityOf(seen)) return undefined;
    const buffer = Buffer.allocUnsafe(Number(stats.size < MAX_CONTEXT_FILE_BYTES ? stats.size : MAX_CONTEXT_FILE_BYTES));
    let filled = 0;
    while (filled < buffer.length) {
      const got = readSync(fd, buffer, filled, buffer.length - filled, filled);
      if (got === 0) break;
      filled += got;
    }
    return { content: buffer.toString('utf8', 0, filled).slice(0, MAX_CONTEXT_FILE_CHARS), stats };
  } finally {
    closeSync(fd);
  }
}

function identityOf(stats: BigIntStats): string {
  return `${stats.dev}:${stats.ino}:file`;
}

function stampOf(stats: BigIntStats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}

function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}

function wallClockNs(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}
