import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ClassifierError, type ClassifierErrorCode } from './errors.js';
import { hashFile } from './integrity.js';
import { MODEL_FILES, readManifest } from './manifest.js';

export type ClassifierStatus =
  | { readonly available: true; readonly name: string; readonly window: number; readonly verified: boolean; readonly detail: string }
  | { readonly available: false; readonly code: ClassifierErrorCode; readonly detail: string };

/**
 * What `parapet status` shows for tier 1b. Without `verify`, files are checked by presence and
 * size only (hashing ~739 MB takes seconds); `loadClassifier` always verifies the hashes.
 * Absent or broken is reported as such, never as "safe".
 */
export async function classifierStatus(dir: string, options: { readonly verify?: boolean } = {}): Promise<ClassifierStatus> {
  try {
    const manifest = await readManifest(dir);
    for (const file of MODEL_FILES) {
      const pin = manifest.files[file];
      const path = join(dir, file);
      const size = await stat(path).then(
        (s) => s.size,
        () => null,
      );
      if (size === null) return { available: false, code: 'MODEL_NOT_INSTALLED', detail: `${file} is missing from ${dir} (run \`parapet models pull\`)` };
      if (size !== pin.bytes) return { available: false, code: 'MODEL_INTEGRITY', detail: `${path} is ${size} bytes, pinned ${pin.bytes}` };
      if (options.verify && (await hashFile(path)).sha256 !== pin.sha256) {
        return { available: false, code: 'MODEL_INTEGRITY', detail: `${path} does not match its pinned SHA-256` };
      }
    }
    const verified = options.verify === true;
    return {
      available: true,
      name: manifest.name,
      window: manifest.window,
      verified,
      detail: `${manifest.name} at ${dir} (window ${manifest.window} tokens${verified ? ', SHA-256 verified' : ''})`,
    };
  } catch (error) {
    if (error instanceof ClassifierError) return { available: false, code: error.code, detail: error.message };
    return { available: false, code: 'MODEL_INVALID', detail: `cannot inspect ${dir}: ${(error as Error).message}` };
  }
}
