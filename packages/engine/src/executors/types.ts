import type { CommandServer } from './command-server.js';
import type { EgressEndpoint } from './egress-forwarder.js';

/** What an executor may know: paths in the payload are already canonical, absolute and vetted. */
export interface ExecutionContext {
  /** Canonical absolute workspace root (outputs show paths relative to it). */
  readonly workspace: string;
  readonly signal: AbortSignal;
  readonly maxOutputBytes: number;
  /** Canonical paths (files or trees) executors that walk folders must skip. */
  readonly protectedPaths: readonly string[];
  /** `dev:ino` of protected files, so a hard link inside the workspace is skipped too (read when called). */
  readonly protectedInodes: () => ReadonlySet<string>;
  /** The text as the model may see it: an executor that matches content matches this, never the raw text. */
  readonly redact: (text: string) => string;
  /** How commands (shell, git) run; absent: in the engine's own view, HOME at the workspace (weak mode). */
  readonly commands?: CommandSettings;
}

export interface CommandSettings {
  /** The server that runs each command in its own pid namespace without capabilities (the confined executor); absent: unconfined. */
  readonly server?: CommandServer;
  /** HOME for commands: a private scratch folder, never the user's home. */
  readonly home: string;
  /** The engine's egress proxy; absent: commands get no proxy (and no network). */
  readonly egress?: EgressEndpoint;
}

/** Performs one vetted action; resolves to the text the model sees, rejects with ExecutionError. */
export type Executor = (payload: Readonly<Record<string, unknown>>, context: ExecutionContext) => Promise<string>;

/**
 * An executor whose work is a few bounded system calls that cannot wait on anything (no fsync, no
 * walk, no pattern a model supplies): it runs to completion at once, so a deadline has nothing to stop.
 */
export type BoundedExecutor = (payload: Readonly<Record<string, unknown>>, context: Omit<ExecutionContext, 'signal'>) => string;

/**
 * An executor that enforces the deadline itself (commands): at `timeoutMs` it kills what it started
 * and answers EXECUTION_TIMEOUT only once all of it is gone.
 */
export type TimedExecutor = (payload: Readonly<Record<string, unknown>>, context: TimedExecutionContext) => Promise<string>;

export interface TimedExecutionContext extends ExecutionContext {
  readonly timeoutMs: number;
  /** Absolute files the command must find read-only (the prompt files that exist). */
  readonly readOnlyFiles: readonly string[];
}
