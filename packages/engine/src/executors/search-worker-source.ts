/**
 * The search, as CommonJS source run by `new Worker(source, { eval: true })`: a model-supplied
 * regular expression can backtrack for minutes, and only a worker can be stopped mid-match.
 * Plain source (not a file path) so it works the same from `src/` under vitest and from `dist/`.
 */
export const SEARCH_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const path = require('node:path');

const { root, workspace, pattern, protectedPaths, protectedInodes, limits } = workerData;
const inodes = new Set(protectedInodes);

function compile(text) {
  const literal = /^\/(.+)\/([a-z]*)$/s.exec(text);
  if (!literal) {
    const needle = text.toLowerCase();
    return (line) => line.toLowerCase().includes(needle);
  }
  if (/[^imsu]/.test(literal[2])) throw new Error('unsupported regex flags "' + literal[2] + '" (use i, m, s, u)');
  const regex = new RegExp(literal[1], literal[2]);
  return (line) => regex.test(line);
}

function isProtected(absolute, stats) {
  if (stats && inodes.has(stats.dev + ':' + stats.ino)) return true;
  return protectedPaths.some((p) => absolute === p || absolute.startsWith(p + path.sep));
}

function shown(absolute) {
  return path.relative(workspace, absolute) || '.';
}

function search() {
  const matches = compile(pattern);
  const results = [];
  let files = 0;
  let stopped = '';
  const stack = [root];
  while (stack.length > 0) {
    const current = stack.pop();
    let stats;
    try { stats = fs.lstatSync(current); } catch { continue; }
    if (stats.isSymbolicLink() || isProtected(current, stats)) continue;
    if (current !== root && matches(path.basename(current))) results.push(shown(current) + (stats.isDirectory() ? '/' : '') + ' (name)');
    if (results.length >= limits.maxMatches) { stopped = 'matches'; break; }
    if (stats.isDirectory()) {
      let names = [];
      try { names = fs.readdirSync(current); } catch { continue; }
      names.sort().reverse();
      for (const name of names) if (!limits.skipFolders.includes(name)) stack.push(path.join(current, name));
      continue;
    }
    if (!stats.isFile()) continue;
    if (++files > limits.maxFiles) { stopped = 'files'; break; }
    if (stats.size > limits.maxFileBytes) continue;
    let data;
    try { data = fs.readFileSync(current); } catch { continue; }
    if (data.subarray(0, 8192).includes(0)) continue;
    const lines = data.toString('utf8').split('\n');
    for (let i = 0; i < lines.length && results.length < limits.maxMatches; i++) {
      const line = lines[i].slice(0, limits.maxLineChars);
      if (matches(line)) results.push(shown(current) + ':' + (i + 1) + ': ' + line.trim().slice(0, limits.excerptChars));
    }
    if (results.length >= limits.maxMatches) { stopped = 'matches'; break; }
  }
  return { results, files, stopped };
}

try {
  parentPort.postMessage({ ok: true, ...search() });
} catch (error) {
  parentPort.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
}
`;
