// Bundles the engine process: Node loads the daemon's ~800 ES modules file by file (resolve, read,
// compile each), and a few files start in about a third of the time. What the engine imports only
// on first use (grammY for a Telegram bot, undici for `http_request`, the tokenizer encodings)
// becomes a chunk of its own, still loaded only then. Native addons stay in node_modules.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const engine = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'engine');
const outdir = join(engine, 'dist', 'bundle');
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { engine: join(engine, 'dist', 'main.js') },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['better-sqlite3', 'onnxruntime-node'],
  // The CommonJS dependencies inside call require (Node built-ins, mostly): give each chunk one.
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module';\nconst require = createRequireForBundle(import.meta.url);" },
  // Names are kept, so a stack trace still names its functions; the smaller source keeps ~5 MB less resident.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
});
