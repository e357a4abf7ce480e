import { formatHumanLine } from '@parapet/engine/client';

export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;

export function isLogLevelName(value: string): value is LogLevelName {
  return Object.hasOwn(LOG_LEVELS, value);
}

export interface LogLineOptions {
  readonly minLevel: number;
  readonly json: boolean;
  readonly color: boolean;
}

/** One JSON line of the log file as the user asked for it, or undefined when filtered out. */
export function renderLogLine(line: string, options: LogLineOptions): string | undefined {
  let record: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed === null || typeof parsed !== 'object') return undefined;
    record = parsed as Record<string, unknown>;
  } catch {
    // A torn line (a crash mid-write) is shown as it is only to those reading raw JSON.
    return undefined;
  }
  const level = typeof record['level'] === 'number' ? record['level'] : LOG_LEVELS.info;
  if (level < options.minLevel) return undefined;
  return options.json ? line : formatHumanLine(record, options.color);
}
