// Builds better-sqlite3's native addon from source for the running Node, unless it already loads.
// `allowScripts` in package.json denies every dependency's install script, so `npm ci` fetches nothing
// from outside the npm registry (no prebuilt binary from GitHub, no onnxruntime CUDA download from
// NuGet). This step (run by `npm run build`, which `npm ci` runs through `prepare`) compiles the one
// addon we need, with the headers of the Node that runs it, so node-gyp downloads nothing either.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(repoRoot, 'package.json'));
const addonDir = dirname(require.resolve('better-sqlite3/package.json'));

function addonLoads() {
  // A child process: a failed dlopen must not leave a half-loaded module in this one.
  const probe = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: repoRoot, encoding: 'utf8' });
  return probe.status === 0;
}

/** A folder holding this Node's headers (`include/node/common.gypi`): the user's nodedir, else Node's own install prefix. */
function localHeaders() {
  const candidates = [process.env.npm_config_nodedir, dirname(dirname(process.execPath))].filter(Boolean);
  return candidates.find((dir) => existsSync(join(dir, 'include/node/common.gypi')));
}

if (addonLoads()) process.exit(0);

const nodeGyp = process.env.npm_config_node_gyp;
if (nodeGyp === undefined || !existsSync(nodeGyp)) {
  process.stderr.write('build-native: run this through npm (`npm run build`), which provides node-gyp\n');
  process.exit(1);
}
const nodedir = localHeaders();
if (nodedir === undefined) {
  process.stderr.write(
    `build-native: no Node headers found beside ${process.execPath} (include/node/common.gypi). Install them ` +
      '(they ship with the nodejs.org tarballs) or point `npm_config_nodedir` at a folder that has them.\n',
  );
  process.exit(1);
}
process.stdout.write(`build-native: compiling better-sqlite3 for Node ${process.version} (headers from ${nodedir})\n`);
const build = spawnSync(process.execPath, [nodeGyp, 'rebuild', '--release', `--nodedir=${nodedir}`], { cwd: addonDir, stdio: 'inherit' });
if (build.status !== 0 || !addonLoads()) {
  process.stderr.write('build-native: better-sqlite3 did not build (see the compiler output above)\n');
  process.exit(1);
}
