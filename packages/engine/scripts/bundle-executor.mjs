// Bundles the executor child into one file: its confined view of the filesystem holds only this
// file, node and the system libraries, and the workspace.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
await build({
  entryPoints: [join(pkg, 'dist/executor-child/main.js')],
  outfile: join(pkg, 'dist/executor.bundle.cjs'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
});
