import { createInterface, type Interface } from 'node:readline';

/** Lines of a stream, taken one at a time by whoever asks next (the chat loop or an approval prompt). */
export interface LineReader {
  /** The next line; undefined at the end of input or when `signal` aborts (the line then stays for the next reader). */
  next(signal?: AbortSignal): Promise<string | undefined>;
  /** Shows `text` as the prompt (on a terminal, readline keeps it in place while typing). */
  prompt(text: string): void;
  readonly interface: Interface;
  close(): void;
}

export function createLineReader(input: NodeJS.ReadableStream, output: NodeJS.WritableStream, terminal: boolean): LineReader {
  const lines = createInterface({ input, output, terminal });
  const queued: string[] = [];
  const waiters: ((line: string | undefined) => void)[] = [];
  let ended = false;
  lines.on('line', (line) => {
    const waiter = waiters.shift();
    if (waiter) waiter(line);
    else queued.push(line);
  });
  lines.on('close', () => {
    ended = true;
    for (const waiter of waiters.splice(0)) waiter(undefined);
  });
  return {
    next(signal) {
      const line = queued.shift();
      if (line !== undefined) return Promise.resolve(line);
      if (ended || signal?.aborted) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const waiter = (value: string | undefined): void => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        };
        const onAbort = (): void => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          resolve(undefined);
        };
        waiters.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    prompt(text) {
      lines.setPrompt(text);
      lines.prompt();
    },
    interface: lines,
    close: () => lines.close(),
  };
}
