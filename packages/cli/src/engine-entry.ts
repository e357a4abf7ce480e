import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ParapetError } from '@parapet/wire';

/**
 * The engine process, bundled (`packages/engine/dist/bundle/engine.mjs`, built from
 * dist/main.js), found through the installed @parapet/engine package.
 */
export function engineMainPath(): string {
  const root = dirname(createRequire(import.meta.url).resolve('@parapet/engine/package.json'));
  const main = join(root, 'dist', 'bundle', 'engine.mjs');
  if (!existsSync(main)) {
    throw new ParapetError('INTERNAL', `the engine is not built (${main} is missing): run \`npm run build\``);
  }
  return main;
}
