// Bundles the agent into one file so the sandbox can allow reads of exactly that file.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(pkg, 'dist/main.js');
if (existsSync(entry)) {
  await build({
    entryPoints: [entry],
    outfile: join(pkg, 'dist/agent.bundle.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    legalComments: 'none',
    logLevel: 'warning',
  });
}
