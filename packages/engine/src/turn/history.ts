const TITLE_CHARS = 60;

/** A session's title from its first message: one line, cut at a word where possible. */
export function titleFrom(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= TITLE_CHARS) return line;
  const cut = line.slice(0, TITLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${space > TITLE_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}
