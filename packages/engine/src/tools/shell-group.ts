import { z } from 'zod';
import type { ToolGroupInfo, ToolSpec } from './types.js';

export const SHELL_GROUP: ToolGroupInfo = {
  name: 'shell',
  description: 'Run a bash command in the workspace (no network, no terminal, output capped).',
};

/** The `shell` group: one command line, judged by the Shield, run in the confined executor. */
export const SHELL_TOOLS: readonly ToolSpec[] = [
  {
    name: 'execute_command',
    group: SHELL_GROUP.name,
    description:
      'Run a command with bash -c in the workspace folder. No terminal and no input (interactive programs see end of file), ' +
      'no network; the command and everything it starts are killed at the deadline. Returns the output and the exit code.',
    schema: z.strictObject({
      command: z
        .string()
        .min(1, { error: 'expected a non-empty command' })
        .max(16_384, { error: 'command is longer than 16 KiB' })
        .refine((value) => !value.includes('\0'), { error: 'command contains a NUL byte' })
        .describe('The bash command line'),
      timeout_ms: z.number().int().min(1).max(600_000).default(600_000).describe('Kill the command after this many milliseconds (the engine\'s own deadline still applies)'),
    }),
    actionType: 'execute_command',
    paths: [],
  },
];
