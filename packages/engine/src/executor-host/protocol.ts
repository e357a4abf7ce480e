/**
 * The engine ↔ executor-child protocol: one JSON object per line on the child's stdin and stdout.
 * Private to these two processes (both built from this package), so it is not part of the proto.
 */

/** Where the child sees the workspace: the root of its filesystem view holds nothing else writable. */
export const JAIL_WORKSPACE = '/workspace';

/** Where the child sees the command launcher (native/confine-command.c), which confines each command. */
export const JAIL_COMMAND_LAUNCHER = '/executor/confine-command';

/** Where the child sees the engine's egress proxy folder (only when commands may use the network). */
export const EGRESS_JAIL_DIR = '/egress';

/** The proxy's socket, by name inside that folder. */
export const EGRESS_SOCKET_NAME = 'proxy.sock';

/** First line the engine sends: a path outside the workspace the child must NOT be able to see. */
export interface InitMessage {
  readonly type: 'init';
  readonly outsideProbe: string;
  /** Configured secrets the child's redactor hides too (search matches only redacted text). */
  readonly secrets: readonly string[];
  /** The egress proxy's socket in the child's view and its token; absent: commands get no network. */
  readonly egress?: { readonly socket: string; readonly token: string };
}

/** The child's answer to init: what it can see, so the engine can judge its confinement. */
export interface ReadyMessage {
  readonly type: 'ready';
  readonly workspaceVisible: boolean;
  readonly outsideVisible: boolean;
}

export interface RunMessage {
  readonly type: 'run';
  readonly id: number;
  readonly tool: string;
  /** Path fields already translated to the child's view. */
  readonly payload: Readonly<Record<string, unknown>>;
  readonly timeoutMs: number;
  readonly maxOutputBytes: number;
  readonly protectedPaths: readonly string[];
  readonly protectedInodes: readonly string[];
}

export type ResultMessage =
  | { readonly type: 'result'; readonly id: number; readonly ok: true; readonly output: string }
  | {
      readonly type: 'result';
      readonly id: number;
      readonly ok: false;
      readonly code: 'EXECUTION_FAILED' | 'EXECUTION_TIMEOUT';
      readonly message: string;
      /** An unexpected error (a bug, not a failed action): its message is for the log, not the model. */
      readonly internal: boolean;
    };

export type ChildMessage = ReadyMessage | ResultMessage;
