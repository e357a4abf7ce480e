/** pino's numeric levels as people read them, padded to one width. */
const LEVEL_NAMES: Readonly<Record<number, string>> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
const LEVEL_COLORS: Readonly<Record<number, string>> = { 10: '90', 20: '90', 30: '32', 40: '33', 50: '31', 60: '35' };
/** Fields every record has or that the line shows elsewhere. */
const FRAME_KEYS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'name']);

/** Control characters shown escaped: a logged string (agent output, say) must not drive the terminal. */
function visible(text: string): string {
  return text.replace(/\p{Cc}/gu, (char) => JSON.stringify(char).slice(1, -1));
}

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /[\s"=\p{Cc}]/u.test(value) || value === '' ? JSON.stringify(value) : value;
  if (value !== null && typeof value === 'object' && 'message' in value && typeof value.message === 'string') return JSON.stringify(value.message);
  return JSON.stringify(value) ?? String(value);
}

function clock(time: unknown): string {
  const date = typeof time === 'number' ? new Date(time) : new Date();
  return date.toISOString().slice(11, 23);
}

/**
 * One pino JSON record as one line a person reads: `12:00:01.234 WARN  message key=value …`.
 * Not JSON on purpose: the terminal is for people, the log file for machines.
 */
export function formatHumanLine(record: Readonly<Record<string, unknown>>, color: boolean): string {
  const level = typeof record['level'] === 'number' ? record['level'] : 30;
  const name = LEVEL_NAMES[level] ?? `L${level}`;
  const shownLevel = color ? `\u001b[${LEVEL_COLORS[level] ?? '0'}m${name}\u001b[0m` : name;
  const message = typeof record['msg'] === 'string' ? visible(record['msg'].replace(/[\r\n]+/g, ' ')) : '';
  const fields = Object.entries(record)
    .filter(([key, value]) => !FRAME_KEYS.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${fieldValue(value)}`);
  return [clock(record['time']), shownLevel, message, ...fields].filter((part) => part !== '').join(' ');
}
