import { utf8Bytes, utf8Text } from './bytes.js';
import type { Arg, SimpleCommand } from './model.js';
import { emptyList } from '../lists.js';
import { makeArg } from './args.js';
import { alternation } from '../text/word-list.js';

/** Commands and scripts one command creates for later: `find -exec` commands and script files it writes. */

const SCRIPT_EXTENSIONS = ['sh', 'bash', 'zsh', 'ksh', 'command', 'bashrc', 'zshrc', 'profile'];
/** Shell startup files and crontabs, with or without their leading dot. */
const STARTUP_FILE_NAMES = ['bashrc', 'zshrc', 'profile', 'bash_profile', 'crontab'];
const SCRIPT_TARGET = new RegExp(
  String.raw`\.(?:${alternation(SCRIPT_EXTENSIONS)})$|(?:^|\/)\.?(?:${alternation(STARTUP_FILE_NAMES)})$|\/cron`,
  'u',
);
const WRITE_REDIRECTS = new Set(['>', '>>', '>|', '&>', '&>>']);

/**
 * The one literal name a find expression selects (`-name node_modules`), when nothing else widens
 * it (a second test, `-o`, `!`, a wildcard): `{}` then stands for that name, not for everything.
 */
function onlyLiteralName(cmd: SimpleCommand): string | undefined {
  const tests = cmd.args.filter((a) =>
    /^-(?:i?name|i?path|i?wholename|i?regex|o|or|not|samefile|inum)$|^!$/u.test(a.text),
  );
  if (tests.length !== 1 || !/^-i?name$/u.test(tests[0]?.text ?? '')) return undefined;
  const value = cmd.args[cmd.args.indexOf(tests[0] as Arg) + 1];
  if (value === undefined || value.dynamic || !/^[\w.@+-]+$/u.test(value.text)) return undefined;
  return /^\.{1,2}$/u.test(value.text) ? undefined : value.text;
}

/** `find ROOT … -exec CMD {} \;`: each CMD with `{}` standing for files under ROOT. */
export function findExecCommands(cmd: SimpleCommand): Arg[][] {
  if (cmd.name !== 'find') return emptyList();
  const firstExpr = cmd.args.findIndex((a) => /^[-(!]/u.test(a.text));
  const roots = (firstExpr === -1 ? cmd.args : cmd.args.slice(0, firstExpr)).filter(
    (a) => !a.text.startsWith('-'),
  );
  const root = (roots[0]?.text ?? '.').replace(/(.)\/+$/u, '$1').replace(/^\/$/u, '');
  const name = roots.length <= 1 ? onlyLiteralName(cmd) : undefined;
  const out: Arg[][] = emptyList();
  for (let i = 0; i < cmd.args.length; i++) {
    if (!/^-(?:exec|execdir|ok|okdir)$/u.test(cmd.args[i]?.text ?? '')) continue;
    const end = cmd.args.findIndex((a, j) => j > i && (a.text === ';' || a.text === '+'));
    const argv = cmd.args.slice(i + 1, end === -1 ? undefined : end).map((a) => {
      if (!a.text.includes('{}')) return a;
      if (name !== undefined && a.text === '{}')
        return makeArg(`${root}/${name}`, a.dynamic, false, a.vars, a.from);
      return makeArg(a.text.split('{}').join(`${root}/*`), a.dynamic, true, a.vars, a.from);
    });
    if (argv.length > 0) out.push(argv);
    if (end === -1) break;
    i = end;
  }
  return out;
}

/** Text a command puts into files (`echo … > f`, `cat <<EOF > f`, `… | tee f`) and where it goes. */
export function writtenText(
  cmd: SimpleCommand,
): { readonly text: string; readonly targets: readonly string[] } | undefined {
  const isTee = cmd.name === 'tee';
  const content = isTee
    ? (cmd.stdinFrom?.staticOutput ??
      (cmd.stdinText === undefined ? undefined : utf8Bytes(cmd.stdinText)))
    : cmd.staticOutput;
  if (content === undefined) return undefined;
  const targets = isTee
    ? cmd.args.filter((a) => !a.text.startsWith('-')).map((a) => a.text)
    : emptyList<string>();
  for (const r of cmd.redirects)
    if (WRITE_REDIRECTS.has(r.op) && r.target) targets.push(r.target.text);
  return targets.length === 0 ? undefined : { text: utf8Text(content), targets };
}

/** A script, crontab or shell startup file among the targets: what is written there is code that runs later. */
export function isScriptTarget(targets: readonly string[]): boolean {
  return targets.some((t) => SCRIPT_TARGET.test(t));
}
