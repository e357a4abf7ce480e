import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { ClassifierError } from './errors.js';

export interface PinnedFile {
  readonly sha256: string;
  readonly bytes: number;
}

const READ_CHUNK = 4 * 1024 * 1024;

const short = (hex: string) => `${hex.slice(0, 12)}…`;

function integrityError(path: string, detail: string): ClassifierError {
  return new ClassifierError('MODEL_INTEGRITY', `${basename(path)} at ${path} ${detail}: refusing to load it (reinstall with \`parapet models pull\`)`);
}

/**
 * Reads a file and checks it against its pin in one pass, returning the very bytes that were
 * hashed: whatever is loaded afterwards is what was verified (no re-read, no swap in between).
 * The buffer is unpooled so it can be transferred to a worker thread.
 */
export async function readPinned(path: string, pin: PinnedFile): Promise<Uint8Array> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ClassifierError(missing ? 'MODEL_NOT_INSTALLED' : 'MODEL_INVALID', `cannot open ${path}: ${(error as Error).message}`, false, { cause: error });
  }
  try {
    const { size } = await handle.stat();
    if (size !== pin.bytes) throw integrityError(path, `is ${size} bytes, pinned ${pin.bytes}`);
    const bytes = new Uint8Array(new ArrayBuffer(size));
    const hash = createHash('sha256');
    let offset = 0;
    while (offset < size) {
      const { bytesRead } = await handle.read(bytes, offset, Math.min(READ_CHUNK, size - offset), offset);
      if (bytesRead === 0) throw integrityError(path, 'shrank while being read');
      hash.update(bytes.subarray(offset, offset + bytesRead));
      offset += bytesRead;
    }
    const actual = hash.digest('hex');
    if (actual !== pin.sha256) throw integrityError(path, `has SHA-256 ${short(actual)}, pinned ${short(pin.sha256)}`);
    return bytes;
  } finally {
    await handle.close();
  }
}

/** Streams a file through SHA-256 without keeping it (status checks). */
export async function hashFile(path: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK })) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).byteLength;
  }
  return { sha256: hash.digest('hex'), bytes };
}
