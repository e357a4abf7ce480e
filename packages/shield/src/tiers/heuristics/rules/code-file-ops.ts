import { usePath, type Judge } from '../judge.js';
import { alternation } from '../text/word-list.js';
import { judgeWrittenText } from './content.js';
import { judgeDelete, judgeWrite } from './locations.js';

/**
 * File operations spelled in source code (Python, JavaScript, Ruby, PHP) on literal paths:
 * `open('MEMORY.md', 'a').write('…')`, `fs.appendFileSync('USER.md', '…')`,
 * `shutil.rmtree('/home')`. Each is judged as the file tool that does the same would be, so code
 * is not a way around the rules for where and what one writes or deletes.
 */

interface Literal {
  readonly text: string;
  readonly end: number;
}

const MAX_LITERAL = 64 * 1024;

/** The quoted string starting at `index` (after spaces), with `\` escapes kept as written. */
function literalAt(code: string, index: number): Literal | undefined {
  let start = index;
  while (code.charCodeAt(start) === 0x20) start++;
  const quote = code[start];
  if (quote !== "'" && quote !== '"' && quote !== '`') return undefined;
  for (
    let position = start + 1;
    position < code.length && position - start < MAX_LITERAL;
    position++
  ) {
    const character = code[position];
    if (character === '\\') position++;
    else if (character === quote) {
      const text = code.slice(start + 1, position);
      // A template with `${…}` in it is computed at run time: not a literal.
      return quote === '`' && text.includes('${') ? undefined : { text, end: position + 1 };
    }
  }
  return undefined;
}

/** Calls whose first argument is a path written to; `mode` ones write only with a w/a/x/+ mode. */
/** Group 1 captures the calls that take a mode, group 2 `Path(…)`, whose method does the writing. */
const WRITE_CALL_NAMES = [
  /(open|File\.open)/u,
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'createWriteStream',
  'file_put_contents',
  'File.write',
  /(Path)/u,
];
const WRITE_CALL = new RegExp(String.raw`\b(?:${alternation(WRITE_CALL_NAMES)})\s*\(`, 'gu');
/** Calls whose first argument is a path deleted; the first group marks the ones that take whole trees. */
const DELETE_CALL =
  /\b(?:(rmtree|rm_rf|rm_r|removedirs)|remove|unlink|unlinkSync|rmdir|rmdirSync|rm|rmSync)\s*\(/gu;
const WRITE_MODE = /^\s*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+]/u;
const PATH_WRITE_METHOD = /^\s*\)\s*\.\s*(?:write_text|write_bytes)\s*\(/u;
const RECURSIVE_OPTION = /^[^)]*\brecursive\s*[:=]\s*(?:true|True)/u;

/** Text the code writes, when it is a literal: `.write('…')` or the data argument of writeFile. */
function writtenLiteral(code: string, afterPath: number): string | undefined {
  const rest = code.slice(afterPath, afterPath + 256);
  const data = /^\s*,\s*/u.exec(rest);
  const fromArgument = data === null ? undefined : literalAt(code, afterPath + data[0].length);
  if (fromArgument !== undefined) return fromArgument.text;
  const write = /\.\s*write(?:_text|_bytes)?\s*\(/u.exec(code.slice(afterPath));
  return write === null
    ? undefined
    : literalAt(code, afterPath + write.index + write[0].length)?.text;
}

export function judgeCodeFileOps(code: string, judge: Judge, cwd?: string): void {
  for (const call of code.matchAll(WRITE_CALL)) {
    const path = literalAt(code, (call.index ?? 0) + call[0].length);
    if (path === undefined) continue;
    const after = code.slice(path.end, path.end + 64);
    if (call[1] !== undefined && !WRITE_MODE.test(after)) continue;
    if (call[2] !== undefined && !PATH_WRITE_METHOD.test(after)) continue;
    const target = usePath(path.text, judge.scope, cwd);
    judgeWrite(target, judge);
    const text =
      call[1] === undefined && call[2] === undefined
        ? writtenLiteral(code, path.end)
        : writtenLiteral(code, path.end + (WRITE_MODE.exec(after)?.[0].length ?? 0));
    if (text !== undefined) judgeWrittenText(target, text, judge, { scripts: true });
  }
  for (const call of code.matchAll(DELETE_CALL)) {
    const path = literalAt(code, (call.index ?? 0) + call[0].length);
    if (path === undefined) continue;
    const recursive =
      call[1] !== undefined || RECURSIVE_OPTION.test(code.slice(path.end, path.end + 128));
    judgeDelete(usePath(path.text, judge.scope, cwd), recursive, judge);
  }
}
