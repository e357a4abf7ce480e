import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Database } from 'better-sqlite3';

/** SQLite's own threshold: the engine's connection checkpoints by itself again at this many WAL pages. */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 1000;
/** Safety net while the worker runs: only a stalled worker lets the WAL grow this far. */
const BACKSTOP_AUTOCHECKPOINT_PAGES = 10_000;
/** After this long without new log frames the worker looks less often (no busy wake-ups when idle). */
const IDLE_INTERVAL_MS = 2000;

export interface CheckpointerOptions {
  /** How often the worker copies new log frames into the database file while there are writes. */
  readonly intervalMs: number;
  /** Told why the worker stopped (the engine's connection then checkpoints by itself again). */
  readonly onFailure: (message: string) => void;
}

export interface Checkpointer {
  stop(): void;
}

/**
 * The checkpoint as CommonJS source for `new Worker(source, { eval: true })`: plain source (not a
 * file path) so it works the same from `src/` under vitest and from `dist/`.
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.dbPath, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
let last = '';
let delay = workerData.intervalMs;
let timer;
const tick = () => {
  const [status] = db.pragma('wal_checkpoint(PASSIVE)');
  const seen = status.log + '/' + status.checkpointed;
  delay = seen === last ? Math.min(delay * 2, workerData.idleIntervalMs) : workerData.intervalMs;
  last = seen;
  timer = setTimeout(tick, delay);
};
timer = setTimeout(tick, delay);
parentPort.on('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Runs WAL checkpoints (copying the log into the database file, with its fsyncs) on a worker thread
 * with its own connection, so the engine's thread never stalls on them mid tool call. A PASSIVE
 * checkpoint does not block the engine's writes. The log is synced at most `intervalMs` after a
 * write while the engine is busy (and within a couple of seconds after a pause), which is sooner
 * than SQLite's own every-1000-pages rule; if the worker fails, that rule applies again.
 */
export function startCheckpointer(db: Database, dbPath: string, options: CheckpointerOptions): Checkpointer {
  let stopped = false;
  const fallBack = (message: string): void => {
    if (stopped) return;
    stopped = true;
    if (db.open) db.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
    options.onFailure(message);
  };
  db.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // The source is CommonJS: flags such as --input-type=module must not reach the worker.
    execArgv: [],
    workerData: {
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      dbPath,
      intervalMs: options.intervalMs,
      idleIntervalMs: Math.max(options.intervalMs, IDLE_INTERVAL_MS),
    },
  });
  // Never what keeps the engine alive; its exit ends the worker too.
  worker.unref();
  worker.on('error', (error: Error) => fallBack(`checkpoint worker failed: ${error.message}`));
  worker.on('exit', (code) => fallBack(`checkpoint worker exited (${code})`));
  return {
    stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage('stop');
    },
  };
}
