import type { CheckResult, CheckStatus } from './check.js';

const MARKS: Readonly<Record<CheckStatus, { text: string; color: string }>> = {
  ok: { text: 'ok  ', color: '32' },
  warn: { text: 'warn', color: '33' },
  fail: { text: 'FAIL', color: '31' },
};

/** One line a check, its fix indented under it, and a last line that counts. */
export function renderDoctor(results: readonly CheckResult[], color: boolean): string {
  const width = Math.max(...results.map((result) => result.name.length));
  const lines = results.flatMap((result) => {
    const mark = MARKS[result.status];
    const shown = color ? `\u001b[${mark.color}m${mark.text}\u001b[0m` : mark.text;
    const line = `${shown}  ${result.name.padEnd(width)}  ${result.detail}`;
    return result.fix ? [line, `      ${' '.repeat(width)}  fix: ${result.fix}`] : [line];
  });
  const count = (status: CheckStatus): number => results.filter((result) => result.status === status).length;
  lines.push(`${count('ok')} ok, ${count('warn')} warnings, ${count('fail')} failures`);
  return `${lines.join('\n')}\n`;
}
