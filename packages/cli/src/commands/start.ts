import { InvalidArgumentError, type Command } from 'commander';
import { identityOf, type HomeLock } from '@parapet/engine/client';
import { homeFor, type CommandContext } from '../context.js';
import { engineMainPath } from '../engine-entry.js';
import { removeStaleSockets, takeHome } from '../home-lifecycle.js';
import { initHome } from '../init-home.js';
import type { HomePaths } from '../paths.js';
import type { Writer } from '../render-turn.js';
import { DEFAULT_RESTART_POLICY, superviseEngine, type SupervisorEvent, type SupervisorResult } from '../supervisor.js';
import { printInitReport, workspaceOption } from './init.js';

interface StartOptions {
  readonly demo?: boolean;
  readonly workspace?: string;
  readonly weakSandbox?: boolean;
  readonly logLevel?: string;
  readonly maxRestartDelay?: number;
}

/** What `parapet restart` sends to the process manager. */
export const RESTART_SIGNAL = 'SIGUSR2';

/** A crash loop: this many engine crashes within the restart window. */
const DEGRADED_CRASHES = 5;

export function engineArgs(entry: string, home: string, options: Omit<StartOptions, 'workspace'> & { workspace?: string }): string[] {
  return [
    entry,
    '--home',
    home,
    ...(options.workspace !== undefined ? ['--workspace', options.workspace] : []),
    ...(options.demo ? ['--demo'] : []),
    ...(options.weakSandbox ? ['--weak-sandbox'] : []),
    ...(options.logLevel !== undefined ? ['--log-level', options.logLevel] : []),
    ...(options.maxRestartDelay !== undefined ? ['--max-restart-delay', String(options.maxRestartDelay)] : []),
    '--exit-with-parent',
  ];
}

function positiveMs(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('expected a positive number of milliseconds');
  return Number(value);
}

/** One line per supervisor event, so a user can see what the process manager is doing. */
export function describeSupervisorEvent(event: SupervisorEvent, paths: HomePaths): string | undefined {
  switch (event.type) {
    case 'spawned':
      return `parapet: engine starting (pid ${event.pid}, home ${paths.home})`;
    case 'ready': {
      const socket = typeof event.info['socket'] === 'string' ? event.info['socket'] : paths.socketPath;
      const lines = [`parapet: engine ready (pid ${event.pid}); clients connect at ${socket}`];
      if (typeof event.info['web'] === 'string') {
        lines.push(`parapet: web UI: ${event.info['web']} (logs in one browser once; \`parapet web\` prints a new link)`);
      }
      if (typeof event.info['logs'] === 'string') lines.push(`parapet: logs: ${event.info['logs']} (JSON lines, rotated)`);
      lines.push(
        event.info['demo'] === true
          ? 'parapet: DEMO MODE: a scripted model answers (no LLM configured or --demo); try: parapet send "list files"'
          : `parapet: model: ${typeof event.info['model'] === 'string' ? event.info['model'] : 'as configured'}`,
      );
      return lines.join('\n');
    }
    case 'output':
      return event.line;
    case 'crashed': {
      const how = event.signal ? `killed by ${event.signal}` : `exit code ${event.code ?? '?'}`;
      const degraded = event.crashesInWindow > DEGRADED_CRASHES ? ` (DEGRADED: ${event.crashesInWindow} crashes within a minute; still retrying)` : '';
      return `parapet: engine crashed (${how}); restart ${event.restart} in ${event.restartInMs} ms${degraded}`;
    }
    case 'forced':
      return `parapet: engine (pid ${event.pid}) did not stop in time; killed`;
    case 'restarting':
      return `parapet: restarting the engine (pid ${event.pid}) as asked; config.yaml is read again`;
  }
}

export function describeSupervisorResult(result: SupervisorResult): string | undefined {
  switch (result.reason) {
    case 'stopped':
      return 'parapet: engine stopped';
    case 'exited':
      return 'parapet: engine exited';
    case 'failed-to-start':
      return `parapet: the engine failed to start (${result.detail}); see the message above`;
  }
}

export function registerStart(program: Command, context: CommandContext): void {
  program
    .command('start')
    .description('run the engine (which runs the sandboxed agent), restart it if it crashes; Ctrl-C stops')
    .option('--demo', 'use the built-in scripted model even when an LLM is configured')
    .option('--workspace <dir>', 'the folder the agent works in')
    .option('--weak-sandbox', 'run even when sandbox layers of the agent or the executor are missing (documented risk)')
    .option('--log-level <level>', 'fatal, error, warn, info, debug, trace or silent (default: log.level in config.yaml, else info)')
    .option('--max-restart-delay <ms>', 'longest wait before restarting a crashed engine or agent', positiveMs)
    .action(async (options: StartOptions, command: Command) => {
      const paths = homeFor(context, command);
      // The lock comes first: a second start must not touch a running daemon's files.
      const lock = await takeHome(paths);
      try {
        await supervise(context, paths, options, lock);
      } finally {
        removeStaleSockets(paths);
        lock.release();
      }
    });
}

async function supervise(context: CommandContext, paths: HomePaths, options: StartOptions, lock: HomeLock): Promise<void> {
  const { io } = context;
  const workspace = workspaceOption(options.workspace, io.cwd);
  const report = await initHome({ home: paths.home, ...(workspace !== undefined ? { workspace } : {}) });
  if (report.steps.some((step) => step.action === 'created')) printInitReport(report, io.stdout);
  const entry = engineMainPath();
  const say = (writer: Writer, line: string | undefined): void => void (line !== undefined && writer.write(`${line}\n`));

  const supervisor = superviseEngine({
    command: process.execPath,
    args: engineArgs(entry, paths.home, { ...options, ...(workspace !== undefined ? { workspace } : {}) }),
    restart: { ...DEFAULT_RESTART_POLICY, ...(options.maxRestartDelay !== undefined ? { maxDelayMs: options.maxRestartDelay } : {}) },
    afterExit: () => removeStaleSockets(paths),
    report: (event) => {
      if (event.type === 'spawned') lock.recordEngine(identityOf(event.pid));
      say(event.type === 'crashed' || event.type === 'forced' ? io.stderr : io.stdout, describeSupervisorEvent(event, paths));
    },
  });
  const stopListening = io.onInterrupt((signal) => supervisor.stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
  // `parapet restart` asks the process manager that holds the home lock, wherever it runs (a terminal, systemd).
  const restart = (): void => supervisor.restart();
  process.on(RESTART_SIGNAL, restart);
  // Should this process die another way, do not leave the engine running unsupervised.
  const onExit = (): void => supervisor.stop('SIGTERM');
  process.once('exit', onExit);
  try {
    const result = await supervisor.done;
    say(result.exitCode === 0 ? io.stdout : io.stderr, describeSupervisorResult(result));
    context.exitCode = result.exitCode;
  } finally {
    stopListening();
    process.off(RESTART_SIGNAL, restart);
    process.off('exit', onExit);
  }
}
