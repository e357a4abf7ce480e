import { lstatSync, readdirSync, readlinkSync, type Stats } from 'node:fs';
import path from 'node:path';
import { isWithin } from '../config/paths.js';
import type { BlobStore } from './blob-store.js';
import { readWorkspaceFile } from './safe-read.js';
import type { ManifestEntry } from './types.js';

/** What a file looked like when its content was last stored: unchanged identity means unchanged content. */
interface Seen {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly blob: string;
}

/**
 * Remembers each file's identity (device, inode, size, mtime and ctime; the times as fractional
 * milliseconds, precise to well under a microsecond) and the blob its content went to, so a file that did not change is not read again. Cleared whenever
 * blobs are swept.
 */
export class IdentityCache {
  private readonly seen = new Map<string, Seen>();
  lookup(absolute: string, stats: Stats): string | undefined {
    const entry = this.seen.get(absolute);
    if (!entry) return undefined;
    const same =
      entry.dev === stats.dev && entry.ino === stats.ino && entry.size === stats.size && entry.mtimeMs === stats.mtimeMs && entry.ctimeMs === stats.ctimeMs;
    return same ? entry.blob : undefined;
  }
  remember(absolute: string, stats: Stats, blob: string): void {
    this.seen.set(absolute, { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, blob });
  }
  clear(): void {
    this.seen.clear();
  }
}

export interface CaptureContext {
  readonly workspace: string;
  readonly blobs: BlobStore;
  readonly cache: IdentityCache;
  /** Paths never copied (the engine's own state inside the workspace). */
  readonly skip: readonly string[];
}

export interface Capture {
  readonly entries: ManifestEntry[];
  readonly newBytes: number;
}

/** `absolute` (the workspace or a path inside it) relative to the workspace; a plain slice, as walks call it per entry. */
export function relativeName(workspace: string, absolute: string): string {
  if (absolute === workspace) return '.';
  const prefix = workspace.endsWith('/') ? workspace : `${workspace}/`;
  if (!absolute.startsWith(prefix)) throw new Error(`${absolute} is not inside the workspace`);
  return absolute.slice(prefix.length);
}

/**
 * Records every path under `roots` (not following symlinks) with its content stored as a blob. A
 * root that does not exist is recorded as missing, so a rollback knows to remove what appears there.
 */
export function captureRoots(context: CaptureContext, roots: readonly string[]): Capture {
  const entries: ManifestEntry[] = [];
  let newBytes = 0;
  // Only engine state inside the workspace can be met on the walk.
  const skip = context.skip.filter((skipped) => isWithin(context.workspace, skipped));
  const visit = (absolute: string): void => {
    if (skip.length > 0 && skip.some((skipped) => isWithin(skipped, absolute))) return;
    const stats = lstatSync(absolute, { throwIfNoEntry: false });
    const name = relativeName(context.workspace, absolute);
    if (!stats) {
      entries.push({ path: name, kind: 'missing', mode: 0, size: 0 });
      return;
    }
    const mode = stats.mode & 0o7777;
    if (stats.isDirectory()) {
      entries.push({ path: name, kind: 'directory', mode, size: 0 });
      for (const child of readdirSync(absolute)) visit(`${absolute}/${child}`);
    } else if (stats.isFile()) {
      let blob = context.cache.lookup(absolute, stats);
      if (blob === undefined) {
        const stored = context.blobs.put(readWorkspaceFile(context.workspace, absolute, stats));
        blob = stored.hash;
        newBytes += stored.newBytes;
        context.cache.remember(absolute, stats, blob);
      }
      entries.push({ path: name, kind: 'file', mode, size: stats.size, blob });
    } else if (stats.isSymbolicLink()) {
      entries.push({ path: name, kind: 'symlink', mode, size: 0, target: readlinkSync(absolute) });
    }
    // Sockets, fifos and devices hold no content to keep.
  };
  const visited = new Set<string>();
  for (const root of roots) {
    // A folder on the way that became a symlink or a file is what changed there: keep it instead.
    const start = blockingAncestor(context.workspace, root) ?? root;
    if (visited.has(start)) continue;
    visited.add(start);
    visit(start);
  }
  return { entries, newBytes };
}

/** The first part between the workspace and `target` that exists and is not a folder, if any. */
export function blockingAncestor(workspace: string, target: string): string | undefined {
  const parts = path.relative(workspace, path.dirname(target)).split(path.sep).filter((part) => part !== '' && part !== '.');
  let current = workspace;
  for (const part of parts) {
    current = path.join(current, part);
    const stats = lstatSync(current, { throwIfNoEntry: false });
    if (!stats) return undefined;
    if (!stats.isDirectory()) return current;
  }
  return undefined;
}
