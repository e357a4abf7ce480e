import { SOFT_NEWLINE } from './paste-stream.js';

/**
 * Collects typed lines into one message: a line ending in `\` continues on the next line; soft
 * newlines (a paste, Alt+Enter) are real newlines in the message.
 */
export class MessageBuilder {
  private readonly parts: string[] = [];

  /** Adds a line; returns the finished message, or undefined while it continues. */
  add(line: string): string | undefined {
    const text = line.split(SOFT_NEWLINE).join('\n');
    if (text.endsWith('\\') && !text.endsWith('\\\\')) {
      this.parts.push(text.slice(0, -1));
      return undefined;
    }
    this.parts.push(text);
    const message = this.parts.join('\n');
    this.parts.length = 0;
    return message;
  }

  get continuing(): boolean {
    return this.parts.length > 0;
  }

  clear(): void {
    this.parts.length = 0;
  }
}
