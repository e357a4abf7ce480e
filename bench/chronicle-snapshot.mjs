// The chronicle's snapshot before a shell command (the whole workspace, incremental) in a
// 10 000-file, 200 MB workspace where nothing changed, against a bare lstat walk of the same tree,
// side by side in this run (target: snapshot ≤ 2× the walk, docs/architecture.md, Testing).
// Uses the built engine (packages/engine/dist): run `npm run build` first.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const engineModule = (file) => import(pathToFileURL(join(repoRoot, 'packages/engine/dist', file)).href);

const FOLDERS = 100;
const FILES_PER_FOLDER = 100;
const FILE_BYTES = 20 * 1024;

/** 100 folders of 100 files of 20 KiB: real bytes on disk, the same content (written fast). */
function buildTree(workspace) {
  const content = Buffer.alloc(FILE_BYTES, 'parapet chronicle bench\n');
  for (let folder = 0; folder < FOLDERS; folder++) {
    const dir = join(workspace, `d${folder}`);
    mkdirSync(dir);
    for (let file = 0; file < FILES_PER_FOLDER; file++) writeFileSync(join(dir, `f${file}.txt`), content);
  }
  return FOLDERS * FILES_PER_FOLDER;
}

/** What any snapshot must at least do: list every folder and lstat every entry. */
function statWalk(dir) {
  let entries = 0;
  for (const name of readdirSync(dir)) {
    const path = `${dir}/${name}`;
    const stats = lstatSync(path);
    entries += 1;
    if (stats.isDirectory()) entries += statWalk(path);
  }
  return entries;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function benchChronicleSnapshot({ rounds = 7 } = {}) {
  const { openStore } = await engineModule('storage/open-store.js');
  const { createBlobStore } = await engineModule('chronicle/blob-store.js');
  const { createChronicle } = await engineModule('chronicle/chronicle.js');
  const root = mkdtempSync(join(tmpdir(), 'parapet-bench-chronicle-'));
  const workspace = join(root, 'workspace');
  mkdirSync(workspace);
  const store = openStore(join(root, 'parapet.db'));
  try {
    const files = buildTree(workspace);
    let ids = 0;
    const chronicle = createChronicle({
      store,
      blobs: createBlobStore(join(root, 'chronicle')),
      workspace,
      skip: [],
      maxBytes: 1024 * 1024 * 1024,
      maxAgeDays: 30,
      newId: () => `S${String(++ids).padStart(8, '0')}`,
      logger: { info() {}, warn() {}, error() {}, debug() {} },
    });
    const request = { sessionId: null, actionId: null, toolName: 'execute_command', scope: { kind: 'workspace' } };
    // The first snapshot reads and stores everything; the figure is the steady state after it.
    chronicle.snapshot(request);
    statWalk(workspace);
    const walkMs = [];
    const snapshotMs = [];
    for (let round = 0; round < rounds; round++) {
      let start = process.hrtime.bigint();
      statWalk(workspace);
      walkMs.push(Number(process.hrtime.bigint() - start) / 1e6);
      start = process.hrtime.bigint();
      const snapshot = chronicle.snapshot(request);
      snapshotMs.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (snapshot.newBytes !== 0) throw new Error(`an unchanged workspace stored ${snapshot.newBytes} new bytes`);
    }
    const walk = median(walkMs);
    const snap = median(snapshotMs);
    return {
      files,
      megabytes: Math.round((files * FILE_BYTES) / 1e6),
      statWalkMs: Math.round(walk * 10) / 10,
      snapshotMs: Math.round(snap * 10) / 10,
      ratio: Math.round((snap / walk) * 100) / 100,
    };
  } finally {
    store.close();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${JSON.stringify(await benchChronicleSnapshot(), null, 2)}\n`);
}
