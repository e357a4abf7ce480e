import { join } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { colorFor, homeFor, type CommandContext } from '../context.js';
import { logFiles, readLinesFrom } from '../logs/log-files.js';
import { isLogLevelName, LOG_LEVELS, renderLogLine, type LogLineOptions } from '../logs/log-record.js';
import { positiveInteger } from './sessions.js';

const FOLLOW_POLL_MS = 250;

interface LogsOptions {
  readonly follow?: boolean;
  readonly level: number;
  readonly json?: boolean;
  readonly lines: number;
}

function levelOption(value: string): number {
  if (!isLogLevelName(value)) throw new InvalidArgumentError(`expected one of ${Object.keys(LOG_LEVELS).join(', ')}`);
  return LOG_LEVELS[value];
}

export function registerLogs(program: Command, context: CommandContext): void {
  program
    .command('logs')
    .description('show the engine log ($PARAPET_HOME/logs/engine.N.log); -f keeps following it')
    .option('-f, --follow', 'keep printing new records until Ctrl-C')
    .option('--level <level>', 'this level and above: trace, debug, info, warn, error, fatal', levelOption, LOG_LEVELS.trace)
    .option('-n, --lines <n>', 'how many of the last records to show first', positiveInteger, 50)
    .option('--json', 'print the JSON records as they are stored')
    .action(async (options: LogsOptions, command: Command) => {
      const { io } = context;
      const dir = join(homeFor(context, command).home, 'logs');
      const render: LogLineOptions = { minLevel: options.level, json: options.json === true, color: colorFor(context, command) };
      const shown = (lines: readonly string[]): string[] => lines.map((line) => renderLogLine(line, render)).filter((line) => line !== undefined);

      const files = await logFiles(dir);
      let backlog: string[] = [];
      let current = files.at(-1);
      let offset = 0;
      for (const file of files) {
        const read = await readLinesFrom(file, 0);
        backlog = [...backlog, ...shown(read.lines)].slice(-options.lines);
        offset = read.offset;
      }
      for (const line of backlog) io.stdout.write(`${line}\n`);
      if (!options.follow) {
        if (files.length === 0) io.stderr.write(`parapet: no log files yet in ${dir} (they appear once \`parapet start\` has run)\n`);
        return;
      }

      const stop = new AbortController();
      const stopListening = io.onInterrupt(() => stop.abort());
      try {
        while (!stop.signal.aborted) {
          await new Promise((resolve) => setTimeout(resolve, FOLLOW_POLL_MS));
          const now = await logFiles(dir);
          const newest = now.at(-1);
          if (newest === undefined) continue;
          if (current !== undefined && newest !== current && now.includes(current)) {
            // Rotated: finish the old file, then start the new one from its beginning.
            for (const line of shown((await readLinesFrom(current, offset)).lines)) io.stdout.write(`${line}\n`);
            offset = 0;
          } else if (newest !== current) {
            offset = 0;
          }
          current = newest;
          const read = await readLinesFrom(current, offset);
          offset = read.offset;
          for (const line of shown(read.lines)) io.stdout.write(`${line}\n`);
        }
      } finally {
        stopListening();
      }
    });
}
