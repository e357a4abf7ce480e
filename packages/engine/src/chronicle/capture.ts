import { lstatSync, readdirSync, readlinkSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { isWithin } from '../config/paths.js';
import type { BlobStore } from './blob-store.js';
import { readWorkspaceFile } from './safe-read.js';
import type { ManifestEntry } from './types.js';

/** What a file looked like when its content was last stored: unchanged identity means unchanged content. */
interface Seen {
  readonly dev: bigint;
  readonly ino: bigint;
  readonly size: bigint;
  readonly mtimeNs: bigint;
  readonly ctimeNs: bigint;
  readonly blob: string;
}

/**
 * Remembers each file's identity (device, inode, size, mtime and ctime, in nanoseconds) and the
 * blob its content went to, so a file that did not change is not read again. Cleared whenever
 * blobs are swept.
 */
export class IdentityCache {
  private readonly seen = new Map<string, Seen>();
  lookup(absolute: string, stats: BigIntStats): string | undefined {
    const entry = this.seen.get(absolute);
    if (!entry) return undefined;
    const same =
      entry.dev === stats.dev && entry.ino === stats.ino && entry.size === stats.size && entry.mtimeNs === stats.mtimeNs && entry.ctimeNs === stats.ctimeNs;
    return same ? entry.blob : undefined;
  }
  remember(absolute: string, stats: BigIntStats, blob: string): void {
    this.seen.set(absolute, { dev: stats.dev, ino: stats.ino, size: stats.size, mtimeNs: stats.mtimeNs, ctimeNs: stats.ctimeNs, blob });
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

export function relativeName(workspace: string, absolute: string): string {
  const relative = path.relative(workspace, absolute);
  return relative === '' ? '.' : relative.split(path.sep).join('/');
}

/**
 * Records every path under `roots` (not following symlinks) with its content stored as a blob. A
 * root that does not exist is recorded as missing, so a rollback knows to remove what appears there.
 */
export function captureRoots(context: CaptureContext, roots: readonly string[]): Capture {
  const entries: ManifestEntry[] = [];
  let newBytes = 0;
  const visit = (absolute: string): void => {
    if (context.skip.some((skipped) => isWithin(skipped, absolute))) return;
    // bigint stats carry nanosecond times: two writes within one millisecond still differ.
    const stats = lstatSync(absolute, { bigint: true, throwIfNoEntry: false });
    const name = relativeName(context.workspace, absolute);
    if (!stats) {
      entries.push({ path: name, kind: 'missing', mode: 0, size: 0 });
      return;
    }
    const mode = Number(stats.mode & 0o7777n);
    if (stats.isDirectory()) {
      entries.push({ path: name, kind: 'directory', mode, size: 0 });
      for (const child of readdirSync(absolute).sort()) visit(path.join(absolute, child));
    } else if (stats.isFile()) {
      let blob = context.cache.lookup(absolute, stats);
      if (blob === undefined) {
        const stored = context.blobs.put(readWorkspaceFile(context.workspace, absolute, stats));
        blob = stored.hash;
        newBytes += stored.newBytes;
        context.cache.remember(absolute, stats, blob);
      }
      entries.push({ path: name, kind: 'file', mode, size: Number(stats.size), blob });
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
