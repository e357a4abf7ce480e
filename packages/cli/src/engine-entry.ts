import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ParapetError } from '@parapet/wire';

/** Walks up from a file of a package to the folder holding its package.json. */
function packageRoot(file: string): string {
  let folder = dirname(file);
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) throw new ParapetError('INTERNAL', `cannot find the package folder of ${file}`);
    folder = parent;
  }
  return folder;
}

/**
 * The engine process, bundled (`packages/engine/dist/bundle/engine.mjs`, built from
 * dist/main.js), found through the installed @parapet/engine package.
 */
export function engineMainPath(): string {
  const resolved = createRequire(import.meta.url).resolve('@parapet/engine');
  const main = join(packageRoot(resolved), 'dist', 'bundle', 'engine.mjs');
  if (!existsSync(main)) {
    throw new ParapetError('INTERNAL', `the engine is not built (${main} is missing): run \`npm run build\``);
  }
  return main;
}
