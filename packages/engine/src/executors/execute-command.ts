import { commandEnvironment, describeOutcome, runCommand } from './command-runner.js';
import { withEgressForwarder } from './egress-forwarder.js';
import type { TimedExecutor } from './types.js';

/** Upper bound a model may ask for; the engine's own deadline applies when it is shorter. */
export const MAX_COMMAND_TIMEOUT_MS = 600_000;

/**
 * `bash -c COMMAND` in the workspace, no terminal, stdin at EOF, an allowlisted environment, and a
 * deadline that kills everything the command started. A non-zero exit is an answer, not a failure.
 */
export const executeCommandExecutor: TimedExecutor = async (payload, context) => {
  const command = payload['command'];
  if (typeof command !== 'string') throw new TypeError('executor: payload.command is not a string');
  const requested = payload['timeout_ms'];
  const timeoutMs = Math.min(typeof requested === 'number' && requested > 0 ? requested : MAX_COMMAND_TIMEOUT_MS, MAX_COMMAND_TIMEOUT_MS, context.timeoutMs);
  const outcome = await withEgressForwarder(context.commands?.egress, (proxyEnv) =>
    runCommand({
      label: 'execute_command',
      argv: ['/bin/bash', '-c', command],
      cwd: context.workspace,
      env: commandEnvironment(context.commands?.home ?? context.workspace, proxyEnv),
      timeoutMs,
      maxOutputBytes: context.maxOutputBytes,
      signal: context.signal,
      ...(context.commands?.server !== undefined ? { server: context.commands.server } : {}),
      readOnlyFiles: context.readOnlyFiles,
    }),
  );
  return describeOutcome(outcome);
};
