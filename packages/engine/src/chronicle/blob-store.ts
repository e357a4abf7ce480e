import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface BlobStore {
  readonly dir: string;
  /** Stores `content` under its SHA-256; `newBytes` is 0 when it was there already. */
  put(content: Buffer | string): { readonly hash: string; readonly newBytes: number };
  get(hash: string): Buffer;
  /** Deletes every blob not in `keep`; returns the bytes freed. */
  sweep(keep: ReadonlySet<string>): number;
}

const HASH = /^[0-9a-f]{64}$/u;

/** Content-addressed files under `dir` (`ab/abcdef…`), private to the engine's user. */
export function createBlobStore(dir: string): BlobStore {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fileOf = (hash: string): string => {
    if (!HASH.test(hash)) throw new Error(`not a blob hash: ${hash}`);
    return path.join(dir, hash.slice(0, 2), hash);
  };
  return {
    dir,
    put(content) {
      const hash = createHash('sha256').update(content).digest('hex');
      const file = fileOf(hash);
      if (existsSync(file)) return { hash, newBytes: 0 };
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      const fd = openSync(temp, 'wx', 0o600);
      try {
        writeSync(fd, typeof content === 'string' ? Buffer.from(content) : content);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, file);
      return { hash, newBytes: Buffer.byteLength(content) };
    },
    get: (hash) => readFileSync(fileOf(hash)),
    sweep(keep) {
      let freed = 0;
      for (const prefix of readdirSync(dir)) {
        const folder = path.join(dir, prefix);
        for (const name of readdirSync(folder)) {
          if (keep.has(name)) continue;
          const file = path.join(folder, name);
          freed += statSync(file).size;
          rmSync(file, { force: true });
        }
      }
      return freed;
    },
  };
}
