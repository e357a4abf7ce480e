// A local process racing the engine: until killed, it swaps WORKSPACE/racedir (a real folder) with a
// symlink to OUTSIDE, and WORKSPACE/swapfile.txt (a real file) with a symlink to OUTSIDE/secret.txt.
// Usage: node path-swapper.mjs WORKSPACE OUTSIDE. Prints "swapping" once it has started.
import { lstatSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [workspace, outside] = process.argv.slice(2);
if (!workspace || !outside) throw new Error('usage: path-swapper.mjs WORKSPACE OUTSIDE');
const dir = join(workspace, 'racedir');
const parked = join(workspace, 'racedir.real');
const file = join(workspace, 'swapfile.txt');

function attempt(step) {
  try {
    step();
    return true;
  } catch {
    return false;
  }
}

function isLink(target) {
  try {
    return lstatSync(target).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Replaces `target` by a symlink to `to` in one rename, so it is never missing meanwhile. */
function swapInLink(target, to) {
  const temp = `${target}.link-${process.pid}`;
  attempt(() => unlinkSync(temp));
  symlinkSync(to, temp);
  if (!attempt(() => renameSync(temp, target))) attempt(() => unlinkSync(temp));
}

let rounds = 0;
process.stdout.write('swapping\n');
for (;;) {
  // Folder: park the real one, put the link in its place, then bring the real one back.
  if (attempt(() => renameSync(dir, parked))) {
    swapInLink(dir, outside);
    for (let spin = 0; spin < 200; spin++) lstatSync(workspace);
    if (isLink(dir)) attempt(() => unlinkSync(dir));
    if (!attempt(() => renameSync(parked, dir))) attempt(() => rmSync(parked, { recursive: true, force: true }));
  } else if (isLink(dir)) {
    attempt(() => unlinkSync(dir));
  }
  // File: a link to the outside secret, then a real file again.
  swapInLink(file, join(outside, 'secret.txt'));
  for (let spin = 0; spin < 200; spin++) lstatSync(workspace);
  const temp = `${file}.real-${process.pid}`;
  writeFileSync(temp, `inside swapfile ${rounds}\n`);
  if (!attempt(() => renameSync(temp, file))) attempt(() => unlinkSync(temp));
  rounds += 1;
}
