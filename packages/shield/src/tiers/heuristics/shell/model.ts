import type { Bytes } from './bytes.js';

/** One argument after the shell's expansions, as far as they can be known without running anything. */
export interface Arg {
  /** The value the program would receive (variables, `~`, braces and static substitutions filled in). */
  readonly text: string;
  /** Parts only known at run time remain (`$1`, `$(date)`): `text` still shows them verbatim. */
  readonly dynamic: boolean;
  /** Unquoted glob characters. */
  readonly glob: boolean;
  /** Variables expanded into this argument (known or not). */
  readonly vars: readonly string[];
  /** Commands whose output was substituted into this argument (`$(…)`, backticks, `<(…)`). */
  readonly from: readonly SimpleCommand[];
}

export type Origin = 'top' | 'substitution' | 'nested' | 'remote' | 'written';

export interface Redirect {
  readonly op: string;
  readonly fd: number | undefined;
  /** Target file (undefined for here-documents). */
  readonly target: Arg | undefined;
}

/** A simple command with wrappers (sudo, env, nice, xargs …) peeled off. */
export interface SimpleCommand {
  readonly index: number;
  readonly depth: number;
  readonly origin: Origin;
  /** Normalized program name (`/usr/bin/curl` → `curl`, `python3.12` → `python`); '' for bare assignments. */
  name: string;
  /** The word that named the program, as resolved (dynamic when built at run time). */
  program: Arg | undefined;
  /** Arguments after the program name. */
  args: Arg[];
  /** Wrappers peeled off, outermost first (`sudo`, `env`, `timeout` …). */
  wrappers: string[];
  /** Options given to those wrappers (`sudo -S`, `env -i`). */
  wrapperOptions: string[];
  /** `NAME=value` words before the command or given to `env`. */
  readonly assignments: Map<string, Arg>;
  readonly redirects: Redirect[];
  stdinFrom: SimpleCommand | undefined;
  stdoutTo: SimpleCommand | undefined;
  /** Here-document / here-string text fed to stdin. */
  stdinText: string | undefined;
  /** For a command inside `$(…)`: the command receiving its output. */
  readonly consumer: SimpleCommand | undefined;
  background: boolean;
  /** Directory the command runs in (a `cd` earlier in the line moves it). */
  readonly cwd: string;
  /** Output known without running anything (echo, printf, base64 -d of literals …), as bytes. */
  staticOutput: Bytes | undefined;
  /** Contents of the script file this command runs, when the same line wrote it first. */
  scriptText: string | undefined;
  /** Name of the function whose body holds this command, if any. */
  readonly inFunction: string | undefined;
  /** Runs once per item: in the body of a loop (`for`, `while`, `select`) or under `xargs`. */
  repeated: boolean;
}

export interface ParsedCommandLine {
  readonly commands: readonly SimpleCommand[];
  /** The parser recovered from syntax errors: what it returned may be incomplete. */
  readonly syntaxErrors: readonly string[];
  /** Nesting or size limits cut the analysis short. */
  readonly truncated: boolean;
}
