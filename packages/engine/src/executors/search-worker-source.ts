/**
 * The matcher, as CommonJS source run by `new Worker(source, { eval: true })`: a model-supplied
 * regular expression can backtrack for minutes, and only a worker can be stopped mid-match. It
 * sees only texts the engine already redacted. Plain source (not a file path) so it works the same
 * from `src/` under vitest and from `dist/`.
 */
export const SEARCH_WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');

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

let matches;
try {
  matches = compile(workerData.pattern);
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ failed: error instanceof Error ? error.message : String(error) });
}

parentPort.on('message', ({ id, texts }) => {
  const hits = [];
  for (let i = 0; i < texts.length; i++) if (matches(texts[i])) hits.push(i);
  parentPort.postMessage({ id, hits });
});
`;
