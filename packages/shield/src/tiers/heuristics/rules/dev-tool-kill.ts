import type { SimpleCommand } from '../shell/model.js';

/**
 * Developer tools a session starts and leaves behind (test runners, bundlers, dev servers,
 * watchers), by names distinctive enough that, as a `pkill -f` pattern, they match those tools'
 * command lines and not a system service, a desktop program or the agent harness.
 */
const DEV_TOOLS = new Set([
  'vitest',
  'jest',
  'mocha',
  'karma',
  'cypress',
  'playwright',
  'pytest',
  'webpack',
  'webpack-dev-server',
  'vite',
  'esbuild',
  'rollup',
  'parcel',
  'nodemon',
  'ts-node',
  'tsx',
  'storybook',
  'gulp',
  'grunt',
  'uvicorn',
  'gunicorn',
  'jupyter-lab',
  'jupyter-notebook',
]);

/** Options that choose how the pattern is matched or which signal is sent, never whose processes. */
const MATCH_OR_SIGNAL = /^-(?:[fxe]{1,3}|-full|-exact|-echo|\d{1,2}|(?:SIG)?[A-Z]{2,6})$/u;

/**
 * `pkill -f vitest`, `killall webpack`: stopping the user's own development tools by a name that
 * matches nothing else. Only a plain tool name counts (no regex, no other user's or group's
 * processes, no parent, terminal or session selection); anything else is a kill by pattern.
 */
export function killsOnlyDevTools(cmd: SimpleCommand): boolean {
  if (cmd.name !== 'pkill' && cmd.name !== 'killall') return false;
  const names = cmd.args.filter((a) => !a.text.startsWith('-'));
  if (cmd.args.some((a) => a.dynamic || a.glob)) return false;
  if (!cmd.args.every((a) => !a.text.startsWith('-') || MATCH_OR_SIGNAL.test(a.text))) return false;
  return names.length > 0 && names.every((a) => DEV_TOOLS.has(a.text));
}
