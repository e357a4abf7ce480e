import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The engine package's folder, found by name rather than from this file's place: the engine runs
 * bundled (dist/bundle/engine.mjs) as well as module by module, at different depths.
 */
const ENGINE_ROOT = dirname(createRequire(import.meta.url).resolve('@parapet/engine/package.json'));

/** A file of the engine package, by its path inside the package. */
export function engineFile(...segments: string[]): string {
  return join(ENGINE_ROOT, ...segments);
}

export function engineVersion(): string {
  return (JSON.parse(readFileSync(engineFile('package.json'), 'utf8')) as { version: string }).version;
}
