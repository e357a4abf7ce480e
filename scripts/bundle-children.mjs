// Bundles each sandboxed child process into one file, so its confinement can allow exactly that
// file: the agent (its permission model may read only its bundle) and the executor (its filesystem
// view holds only this file, node, the system libraries and the workspace).
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packages = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages');
const children = [
  { entry: 'agent/dist/main.js', bundle: 'agent/dist/agent.bundle.cjs' },
  { entry: 'engine/dist/executor-child/main.js', bundle: 'engine/dist/executor.bundle.cjs' },
];
await Promise.all(
  children.map(({ entry, bundle }) =>
    build({
      entryPoints: [join(packages, entry)],
      outfile: join(packages, bundle),
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      legalComments: 'none',
      logLevel: 'warning',
    }),
  ),
);
