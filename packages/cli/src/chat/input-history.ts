import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRedactor, type Redactor } from '@parapet/engine/client';

const MAX_ENTRIES = 500;

/** `$PARAPET_HOME/chat_history`: one JSON string a line (messages may span lines), oldest first. */
export function historyPath(home: string): string {
  return join(home, 'chat_history');
}

/**
 * Input history kept across runs for the arrow keys. Only the owner can read it (0600) and secrets
 * are redacted before they touch the disk: a key pasted by mistake is not kept.
 */
export class InputHistory {
  private readonly redactor: Redactor = createRedactor();
  private constructor(
    private readonly path: string,
    private readonly entries: string[],
  ) {}

  static async open(home: string): Promise<InputHistory> {
    const path = historyPath(home);
    let entries: string[] = [];
    try {
      entries = (await readFile(path, 'utf8'))
        .split('\n')
        .filter((line) => line !== '')
        .flatMap((line) => {
          try {
            const value: unknown = JSON.parse(line);
            return typeof value === 'string' ? [value] : [];
          } catch {
            return [];
          }
        });
    } catch {
      // No history yet.
    }
    return new InputHistory(path, entries.slice(-MAX_ENTRIES));
  }

  /** Newest first, as readline's `history` option wants it. */
  newestFirst(): string[] {
    return [...this.entries].reverse();
  }

  /** The entry as stored (redacted). */
  async add(entry: string): Promise<string> {
    const stored = this.redactor.redact(entry);
    if (this.entries.at(-1) !== stored) this.entries.push(stored);
    this.entries.splice(0, Math.max(0, this.entries.length - MAX_ENTRIES));
    await writeFile(this.path, this.entries.map((line) => `${JSON.stringify(line)}\n`).join(''), { mode: 0o600 });
    await chmod(this.path, 0o600);
    return stored;
  }
}
