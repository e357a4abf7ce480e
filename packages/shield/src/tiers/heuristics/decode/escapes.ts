/**
 * Backslash escapes as `printf`, `echo -e` and `$'…'` understand them (\xHH, \NNN octal, \uHHHH,
 * \n …), and the percent / HTML-entity encodings a path or URL can hide behind.
 */
const SIMPLE: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  e: '\x1b',
  E: '\x1b',
  '\\': '\\',
  "'": "'",
  '"': '"',
};

const BACKSLASH_ESCAPE =
  /\\(x[0-9A-Fa-f]{1,2}|u[0-9A-Fa-f]{1,4}|U[0-9A-Fa-f]{1,8}|0?[0-7]{1,3}|.)/gsu;

export function decodeBackslashEscapes(text: string): string {
  if (!text.includes('\\')) return text;
  return text.replace(BACKSLASH_ESCAPE, (whole, body: string) => {
    const head = body[0] ?? '';
    if (head === 'x') return String.fromCharCode(parseInt(body.slice(1), 16));
    if (head === 'u' || head === 'U') {
      const code = parseInt(body.slice(1), 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    if (/^[0-7]/u.test(body)) return String.fromCharCode(parseInt(body, 8) & 0xff);
    return SIMPLE[body] ?? whole;
  });
}

const PERCENT = /%[0-9A-Fa-f]{2}/u;

/** Percent-decoding that never throws (bad sequences stay as they are). Applied until stable. */
export function decodePercent(text: string): string {
  let current = text;
  for (let round = 0; round < 3 && PERCENT.test(current); round++) {
    const next = current.replace(/(?:%[0-9A-Fa-f]{2})+/gu, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return Buffer.from(run.replace(/%/gu, ''), 'hex').toString('latin1');
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  sol: '/',
  bsol: '\\',
  period: '.',
  colon: ':',
  semi: ';',
  lowbar: '_',
  hyphen: '-',
  dash: '-',
  tilde: '~',
  num: '#',
  dollar: '$',
  excl: '!',
  vert: '|',
  nbsp: ' ',
};
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z]{2,8}));?/gu;

export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    ENTITY,
    (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      const code =
        dec !== undefined ? parseInt(dec, 10) : hex !== undefined ? parseInt(hex, 16) : undefined;
      if (code !== undefined) return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      return NAMED_ENTITIES[(name ?? '').toLowerCase()] ?? whole;
    },
  );
}

/**
 * Every spelling a path-like string may hide behind, decoded: percent, HTML entities and
 * backslash escapes (and a null byte cut, since C APIs stop there).
 */
export function decodeSurface(text: string): string {
  let out = text;
  if (out.includes('%')) out = decodePercent(out);
  if (out.includes('&')) out = decodeHtmlEntities(out);
  if (out.includes('\\')) out = decodeBackslashEscapes(out);
  return out;
}
