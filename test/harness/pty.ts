import { spawn } from 'node:child_process';
import { cliBin } from './parapet.js';

export interface PtySession {
  /** Everything the terminal showed so far (with \r\n line ends, echoed input included). */
  output(): string;
  /** Waits until the screen shows `pattern` after what was already consumed, then types `text`. */
  answer(pattern: RegExp | string, text: string): Promise<void>;
  /** Waits until the screen shows `pattern` (after what was already consumed). */
  expect(pattern: RegExp | string): Promise<void>;
  type(text: string): void;
  exited(): Promise<number>;
  kill(): void;
}

/** Quotes one word for /bin/sh. */
function shellWord(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `parapet ARGS` in a real pseudo-terminal, through util-linux `script(1)`: stdin and stdout are a
 * TTY for the CLI, as when a person types. Answers are typed only once their prompt is on screen.
 */
export function cliInPty(args: readonly string[], env: Readonly<Record<string, string>>, timeoutMs = 20_000): PtySession {
  const command = [process.execPath, cliBin, ...args].map(shellWord).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'dumb', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  let consumed = 0;
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    screen += chunk.toString('utf8');
    for (const waiter of waiters) waiter();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exit = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? -1)));

  const expectText = (pattern: RegExp | string): Promise<void> =>
    new Promise((resolve, reject) => {
      const check = (): void => {
        const rest = screen.slice(consumed);
        const match = typeof pattern === 'string' ? { index: rest.indexOf(pattern), length: pattern.length } : (() => {
          const found = pattern.exec(rest);
          return { index: found ? found.index : -1, length: found ? found[0].length : 0 };
        })();
        if (match.index < 0) return;
        consumed += match.index + match.length;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`the terminal never showed ${String(pattern)}; it shows:\n${screen}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });

  return {
    output: () => screen,
    expect: expectText,
    async answer(pattern, text) {
      await expectText(pattern);
      child.stdin.write(text);
    },
    type: (text) => void child.stdin.write(text),
    exited: () => exit,
    kill: () => void child.kill('SIGKILL'),
  };
}
