/** Telegram's limit on one message's text, counted after entities are parsed (UTF-16 code units). */
export const TELEGRAM_MAX_TEXT = 4096;

/** A run of text and how it is shown; only these styles are ever emitted, so no input can add markup. */
export interface Piece {
  readonly text: string;
  readonly style: 'plain' | 'bold' | 'italic' | 'code';
}

/** Escapes text for Telegram's HTML parse mode: after this, `<`, `>` and `&` are only text. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const TAGS: Record<Piece['style'], readonly [string, string]> = {
  plain: ['', ''],
  bold: ['<b>', '</b>'],
  italic: ['<i>', '</i>'],
  code: ['<code>', '</code>'],
};

export function piecesToHtml(pieces: readonly Piece[]): string {
  return pieces
    .filter((piece) => piece.text !== '')
    .map((piece) => {
      const [open, close] = TAGS[piece.style];
      return `${open}${escapeHtml(piece.text)}${close}`;
    })
    .join('');
}

export function visibleLength(pieces: readonly Piece[]): number {
  return pieces.reduce((sum, piece) => sum + piece.text.length, 0);
}

/** Where to cut `text` at or before `max`, preferring a line break near the end, never inside a surrogate pair. */
function cutAt(text: string, max: number): number {
  const newline = text.lastIndexOf('\n', max - 1);
  if (newline >= max - 512 && newline > 0) return newline + 1;
  const code = text.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

/**
 * Splits styled text into messages of at most `max` visible characters. The cut is made on the
 * text before it is escaped, so a message never ends inside an entity or a tag. The split of a
 * prefix does not change as text is appended, so messages already sent stay as they are.
 */
export function splitPieces(pieces: readonly Piece[], max = TELEGRAM_MAX_TEXT): Piece[][] {
  const text = pieces.map((piece) => piece.text).join('');
  const styles: Piece['style'][] = [];
  for (const piece of pieces) for (let i = 0; i < piece.text.length; i += 1) styles.push(piece.style);
  const messages: Piece[][] = [];
  let start = 0;
  while (start < text.length) {
    const rest = text.length - start;
    const end = rest <= max ? text.length : start + cutAt(text.slice(start), max);
    messages.push(regroup(text, styles, start, end));
    start = end;
  }
  return messages;
}

function regroup(text: string, styles: readonly Piece['style'][], start: number, end: number): Piece[] {
  const out: Piece[] = [];
  let runStart = start;
  for (let i = start + 1; i <= end; i += 1) {
    if (i === end || styles[i] !== styles[runStart]) {
      out.push({ text: text.slice(runStart, i), style: styles[runStart] ?? 'plain' });
      runStart = i;
    }
  }
  return out;
}
