// Bundles the agent into one file so the sandbox can allow reads of exactly that file.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: [join(pkg, 'dist/main.js')],
  outfile: join(pkg, 'dist/agent.bundle.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
});
