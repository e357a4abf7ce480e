// Compiles the confined executor's command launcher (packages/engine/native/confine-command.c) to
// packages/engine/dist/confine-command. Statically linked when the C library allows it (one file to
// map, no loader at each command), dynamically otherwise. Skipped when the binary is newer than
// its source; fails the build when no C compiler works, since strict mode cannot run commands
// without it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const engine = join(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'engine');
const source = join(engine, 'native', 'confine-command.c');
const binary = join(engine, 'dist', 'confine-command');

const modified = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs;
if ((modified(binary) ?? 0) > (modified(source) ?? Infinity)) process.exit(0);

mkdirSync(dirname(binary), { recursive: true });
const compiler = process.env.CC ?? 'cc';
const compile = (extra) => spawnSync(compiler, ['-O2', '-s', '-Wall', '-Wextra', ...extra, '-o', binary, source], { encoding: 'utf8' });
let result = compile(['-static']);
if (result.status !== 0) result = compile([]);
if (result.status !== 0) {
  process.stderr.write(`build-command-launcher: ${compiler} could not compile ${source}\n${result.error?.message ?? result.stderr}\n`);
  process.exit(1);
}
