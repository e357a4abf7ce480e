import { chmodSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createActionRepo, type ActionRepo } from './actions.js';
import { createApprovalRepo, type ApprovalRepo } from './approvals.js';
import { createAuditLog, type AuditLog } from './audit.js';
import { createChronicleRepo, type ChronicleRepo } from './chronicle.js';
import { startCheckpointer, type Checkpointer, type CheckpointerOptions } from './checkpointer.js';
import { createLabelRepo, type LabelRepo } from './labels.js';
import { createMemoryRepo, type MemoryRepo } from './memory.js';
import { createEvaluatorBudgetRepo, type EvaluatorBudgetRepo } from './evaluator-budget.js';
import { createEventLogRepo, type EventLogRepo } from './event-log.js';
import { createHistoryWatermarkRepo, type HistoryWatermarkRepo } from './history-watermarks.js';
import { createMessageRepo, type MessageRepo } from './messages.js';
import { createIdFactory } from './ids.js';
import { migrate } from './migrations.js';
import { createSessionParentRepo, type SessionParentRepo } from './session-parents.js';
import { createSessionRepo, type SessionRepo } from './sessions.js';
import { createTraceRepo, type TraceRepo } from './traces.js';
import { createTurnRepo, type TurnRepo } from './turns.js';

export interface Store {
  readonly sessions: SessionRepo;
  readonly messages: MessageRepo;
  readonly watermarks: HistoryWatermarkRepo;
  readonly turns: TurnRepo;
  readonly actions: ActionRepo;
  readonly audit: AuditLog;
  readonly chronicle: ChronicleRepo;
  readonly labels: LabelRepo;
  /** memory_write's entries, indexed for memory_search. */
  readonly memory: MemoryRepo;
  readonly approvals: ApprovalRepo;
  readonly events: EventLogRepo;
  readonly evaluatorBudget: EvaluatorBudgetRepo;
  /** Sub-agent sessions and the parent turns that spawned them. */
  readonly sessionParents: SessionParentRepo;
  /** Each turn's spans (durations of its stages). */
  readonly traces: TraceRepo;
  /** Runs `fn` in one IMMEDIATE transaction (all or nothing). */
  transaction<T>(fn: () => T): T;
  close(): void;
}

export interface OpenStoreOptions {
  /** Injected in tests; the wall clock otherwise. */
  readonly now?: () => Date;
  /** Longest content (and thoughts) kept per message, in UTF-8 bytes; default DEFAULT_MAX_STORED_TEXT_BYTES. */
  readonly maxStoredTextBytes?: number;
  /** Checkpoint the WAL on a worker thread (see startCheckpointer) instead of on every 1000th page written. */
  readonly checkpoints?: CheckpointerOptions;
}

/** The config's default: keeps a message with its thoughts well under gRPC's 4 MiB message size. */
export const DEFAULT_MAX_STORED_TEXT_BYTES = 1024 * 1024;

/** Opens (creating and migrating) the engine's SQLite file. Only the engine calls this. */
export function openStore(path: string, options: OpenStoreOptions = {}): Store {
  const now = options.now ?? (() => new Date());
  const db = new Database(path);
  try {
    if (path !== ':memory:') chmodSync(path, 0o600);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const checkpointer: Checkpointer | undefined =
    options.checkpoints && path !== ':memory:' ? startCheckpointer(db, path, options.checkpoints) : undefined;
  const ids = createIdFactory();
  const audit = createAuditLog(db, now);
  // One wrapper for every caller: building a better-sqlite3 transaction function per call is not free.
  const inTransaction = db.transaction((fn: () => unknown) => fn());
  return {
    sessions: createSessionRepo(db, now, ids),
    messages: createMessageRepo(db, now, ids, options.maxStoredTextBytes ?? DEFAULT_MAX_STORED_TEXT_BYTES),
    watermarks: createHistoryWatermarkRepo(db, now),
    turns: createTurnRepo(db, now),
    actions: createActionRepo(db, now),
    audit,
    chronicle: createChronicleRepo(db, now),
    labels: createLabelRepo(db, now),
    memory: createMemoryRepo(db),
    approvals: createApprovalRepo(db, now),
    events: createEventLogRepo(db),
    evaluatorBudget: createEvaluatorBudgetRepo(db),
    sessionParents: createSessionParentRepo(db, now),
    traces: createTraceRepo(db),
    transaction: <T>(fn: () => T): T => {
      try {
        return inTransaction.immediate(fn) as T;
      } catch (error) {
        // Rolled back: whatever the audit log remembered about rows written inside is void.
        audit.forgetTail();
        throw error;
      }
    },
    close: () => {
      checkpointer?.stop();
      if (db.open) db.close();
    },
  };
}
