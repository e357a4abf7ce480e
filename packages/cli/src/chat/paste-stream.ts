import { Transform, type TransformCallback } from 'node:stream';

/** Stands for a newline inside one message while readline edits it; turned back into \n on send. */
export const SOFT_NEWLINE = '⏎';

const PASTE_START = '\u001b[200~';
const PASTE_END = '\u001b[201~';
/** What a terminal sends for Alt+Enter (Meta + Return). */
const ALT_ENTER = new RegExp(`${'\u001b'}[\r\n]`, 'g');

/** Turns on bracketed paste: the terminal then marks where a paste starts and ends. */
export const ENABLE_BRACKETED_PASTE = '\u001b[?2004h';
export const DISABLE_BRACKETED_PASTE = '\u001b[?2004l';

/**
 * Sits between the terminal and readline: the newlines of a bracketed paste and Alt+Enter become
 * SOFT_NEWLINE, so a pasted block stays one message instead of one message a line.
 */
export function pasteAwareInput(): Transform {
  let inPaste = false;
  let pending = '';
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done: TransformCallback) {
      let text = pending + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      pending = '';
      let out = '';
      while (text !== '') {
        const marker = inPaste ? PASTE_END : PASTE_START;
        const at = text.indexOf(marker);
        if (at < 0) {
          // A marker split across chunks: keep its possible beginning for the next chunk.
          const keep = partialSuffix(text, marker);
          const body = text.slice(0, text.length - keep);
          pending = text.slice(text.length - keep);
          out += inPaste ? body.replace(/\r\n|\r|\n/g, SOFT_NEWLINE) : body.replace(ALT_ENTER, SOFT_NEWLINE);
          break;
        }
        const body = text.slice(0, at);
        out += inPaste ? body.replace(/\r\n|\r|\n/g, SOFT_NEWLINE) : body.replace(ALT_ENTER, SOFT_NEWLINE);
        inPaste = !inPaste;
        text = text.slice(at + marker.length);
      }
      done(null, out);
    },
  });
}

function partialSuffix(text: string, marker: string): number {
  for (let length = Math.min(marker.length - 1, text.length); length > 0; length -= 1) {
    if (marker.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
