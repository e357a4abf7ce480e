import type { SandboxMode } from '@parapet/wire/client';
import type { RestartOptions } from '../agent-host/types.js';
import type { Logger } from '../logging/port.js';

export interface ExecutorHostOptions {
  /** Canonical absolute workspace root. */
  readonly workspace: string;
  /** The executor child's one-file bundle (dist/executor.bundle.cjs). */
  readonly bundle: string;
  /** The command launcher binary (dist/confine-command), which confines each command the executor runs. */
  readonly commandLauncher: string;
  /** Outside the workspace; holds the (empty) mount point of the executor's root. */
  readonly runtimeDir: string;
  /** `strict` refuses to start without the mount namespace; `weak` then runs actions in the engine. */
  readonly sandbox: SandboxMode;
  readonly logger: Logger;
  /** Configured secrets (the model's API key): the executor hides them like the built-in rules do. */
  readonly secrets?: readonly string[];
  readonly restart?: RestartOptions;
  /** How long a started executor has to answer init (default 10 s). */
  readonly readyTimeoutMs?: number;
  /** How long past an action's own deadline a silent executor is given before it is killed (default 2 s). */
  readonly deadlineGraceMs?: number;
  /** Where `unshare` is looked for; a list naming no executable stands for a machine without it. */
  readonly unshareCandidates?: readonly string[];
  /**
   * The engine's egress proxy: its socket's folder, mounted into the confined executor, whose
   * commands then reach the network through that proxy only, and the token its gate expects.
   * Absent: commands get no network.
   */
  readonly egress?: { readonly dir: string; readonly token: string };
}

export interface ExecutorStatus {
  /** Actions run in the confined child (false: in the engine process, weak mode). */
  readonly confined: boolean;
  readonly pid: number;
  readonly ready: boolean;
  readonly restarts: number;
  readonly lastError: string;
  /** Human-readable names of the executor's layers not in force. */
  readonly missing: readonly string[];
  /** Commands reach the network, through the engine's egress proxy only (confined, with `egress`). */
  readonly commandNetwork: boolean;
}
