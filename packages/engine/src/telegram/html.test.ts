import { describe, expect, it } from 'vitest';
import { escapeHtml, piecesToHtml, splitPieces, TELEGRAM_MAX_TEXT, type Piece } from './html.js';

const visible = (pieces: readonly Piece[]): string => pieces.map((piece) => piece.text).join('');

describe('Telegram HTML', () => {
  it('escapes every character HTML parse mode reads as markup', () => {
    expect(escapeHtml('<b>&amp; "x" *y* _z_ `w`')).toBe('&lt;b&gt;&amp;amp; "x" *y* _z_ `w`');
  });

  it('wraps styled pieces in their own tags only, escaping their text', () => {
    expect(piecesToHtml([{ text: 'a<b', style: 'plain' }, { text: '</code>', style: 'code' }, { text: '', style: 'bold' }])).toBe('a&lt;b<code>&lt;/code&gt;</code>');
  });

  it('splits at the limit without losing, reordering or restyling a character', () => {
    const pieces: Piece[] = [
      { text: 'x'.repeat(TELEGRAM_MAX_TEXT - 2), style: 'plain' },
      { text: 'code spanning the cut', style: 'code' },
      { text: 'y'.repeat(TELEGRAM_MAX_TEXT), style: 'plain' },
    ];
    const parts = splitPieces(pieces);
    expect(parts.length).toBe(3);
    for (const part of parts) expect(visible(part).length).toBeLessThanOrEqual(TELEGRAM_MAX_TEXT);
    expect(parts.map(visible).join('')).toBe(visible(pieces));
    expect(parts[1]?.[0]).toEqual({ text: 'de spanning the cut', style: 'code' });
  });

  it('prefers a line break near the limit and never cuts a surrogate pair', () => {
    const lines = `${'a'.repeat(4000)}\n${'b'.repeat(200)}`;
    expect(splitPieces([{ text: lines, style: 'plain' }]).map(visible)).toEqual([`${'a'.repeat(4000)}\n`, 'b'.repeat(200)]);
    const emoji = `${'a'.repeat(TELEGRAM_MAX_TEXT - 1)}😀tail`;
    const parts = splitPieces([{ text: emoji, style: 'plain' }], TELEGRAM_MAX_TEXT).map(visible);
    expect(parts[0]?.endsWith('a')).toBe(true);
    expect(parts[1]?.startsWith('😀')).toBe(true);
  });

  it('keeps the split of a prefix when text is appended (sent messages stay as they are)', () => {
    const start = 'word '.repeat(1000);
    const first = splitPieces([{ text: start, style: 'plain' }]).map(visible);
    const later = splitPieces([{ text: `${start}${'more '.repeat(900)}`, style: 'plain' }]).map(visible);
    expect(later[0]).toBe(first[0]);
  });
});
