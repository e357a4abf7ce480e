// Compiles the confined executor's command launcher and command server (packages/engine/native/*.c)
// to packages/engine/dist/confine-command. Statically linked when the C library allows it (one file to
// map, no loader at each command), dynamically otherwise. Skipped when the binary is newer than
// its source; fails the build when no C compiler works, since strict mode cannot run commands
// without it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const engine = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'engine');
const native = join(engine, 'native');
const sources = readdirSync(native).filter((name) => name.endsWith('.c')).map((name) => join(native, name));
const binary = join(engine, 'dist', 'confine-command');

const modified = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs;
const newestSource = Math.max(...readdirSync(native).map((name) => modified(join(native, name)) ?? Infinity));
if ((modified(binary) ?? 0) > newestSource) process.exit(0);

mkdirSync(dirname(binary), { recursive: true });
const compiler = process.env.CC ?? 'cc';
const compile = (extra) => spawnSync(compiler, ['-O2', '-s', '-Wall', '-Wextra', ...extra, '-o', binary, ...sources], { encoding: 'utf8' });
let result = compile(['-static']);
if (result.status !== 0) result = compile([]);
if (result.status !== 0) {
  process.stderr.write(`build-command-launcher: ${compiler} could not compile ${sources.join(' ')}\n${result.error?.message ?? result.stderr}\n`);
  process.exit(1);
}
