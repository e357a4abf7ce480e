import { emptyList } from '../lists.js';

const MAX_ALTERNATIVES = 32;

/** Top-level comma split of a brace body, respecting nested braces. */
function splitAlternatives(body: string): string[] {
  const out: string[] = emptyList();
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out;
}

/** Bash brace expansion of comma lists (`/etc/{passwd,shadow}`); sequences `{1..3}` stay literal. */
export function expandBraces(text: string): string[] {
  const open = text.indexOf('{');
  if (open === -1) return [text];
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) {
      const body = text.slice(open + 1, i);
      const alternatives = splitAlternatives(body);
      if (alternatives.length < 2) {
        return expandBraces(text.slice(i + 1)).map((rest) => text.slice(0, i + 1) + rest);
      }
      const out: string[] = emptyList();
      for (const alt of alternatives) {
        for (const expanded of expandBraces(text.slice(0, open) + alt + text.slice(i + 1))) {
          out.push(expanded);
          if (out.length >= MAX_ALTERNATIVES) return out;
        }
      }
      return out;
    }
  }
  return [text];
}
