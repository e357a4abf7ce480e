import { utf8Text } from './bytes.js';
import type { Origin, SimpleCommand } from './model.js';
import { interpreterCode, shellCallsIn } from './interpreters.js';
import { INTERPRETERS, isPathInvocation, SHELLS } from './names.js';
import { joinTexts } from './args.js';
import { optionCommands } from './option-commands.js';
import { PACKAGE_RUNNERS } from './package-scripts.js';
import { emptyList } from '../lists.js';

/** A command string that another command hands to a shell: judged like the outer line. */
export interface NestedScript {
  readonly text: string;
  readonly origin: Origin;
}

const SSH_VALUES = new Set([
  '-p',
  '-i',
  '-l',
  '-o',
  '-F',
  '-J',
  '-L',
  '-R',
  '-D',
  '-b',
  '-c',
  '-e',
  '-E',
  '-m',
  '-O',
  '-Q',
  '-S',
  '-W',
  '-w',
  '-B',
  '-I',
  '-P',
]);

/** The script a shell reads from stdin (here-doc, here-string or a pipe of known text). */
export function stdinScript(cmd: SimpleCommand): string | undefined {
  if (cmd.stdinText !== undefined) return cmd.stdinText;
  const output = cmd.stdinFrom?.staticOutput;
  return output === undefined ? undefined : utf8Text(output);
}

/** `sh -c 'x'` → 'x'; `bash` fed by a pipe or here-doc → the piped text. */
function shellPayloads(cmd: SimpleCommand): NestedScript[] {
  const args = cmd.args;
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? '';
    if (text === '--command' || /^-[a-zA-Z]*c[a-zA-Z]*$/u.test(text)) {
      const script = args.slice(i + 1).find((a) => !a.text.startsWith('-') || a.text === '-');
      return script === undefined ? emptyList() : [{ text: script.text, origin: 'nested' }];
    }
    if (text.startsWith('--command='))
      return [{ text: text.slice('--command='.length), origin: 'nested' }];
    if (!text.startsWith('-') || text === '-') {
      if (text !== '-') return emptyList(); // a script file: judged as execution, not parsed here
      break;
    }
  }
  const piped = stdinScript(cmd);
  return piped === undefined ? emptyList() : [{ text: piped, origin: 'nested' }];
}

function sshRemoteCommand(cmd: SimpleCommand): NestedScript[] {
  let i = 0;
  while (i < cmd.args.length && (cmd.args[i]?.text ?? '').startsWith('-'))
    i += SSH_VALUES.has(cmd.args[i]?.text ?? '') ? 2 : 1;
  const remote = joinTexts(cmd.args.slice(i + 1));
  return remote.trim() === '' ? emptyList() : [{ text: remote, origin: 'remote' }];
}

/** Lines of a crontab: the schedule fields dropped, the command kept. */
function crontabCommands(text: string): NestedScript[] {
  const out: NestedScript[] = emptyList();
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || /^[A-Z_]+=/u.test(trimmed)) continue;
    const entry = /^(?:@\w+|(?:\S+\s+){5})(.*)$/u.exec(trimmed);
    if (entry?.[1]) out.push({ text: entry[1], origin: 'nested' });
  }
  return out;
}

/**
 * Texts to run as nested scripts, in a list of the one array shape every branch below returns
 * (the walker loops over it for every command; a second shape would deoptimize it).
 */
function nestedAll(texts: readonly string[]): NestedScript[] {
  const found: NestedScript[] = emptyList();
  // An empty result of map/filter is an array of yet another shape: never loop over one.
  if (texts.length === 0) return found;
  for (const text of texts) found.push({ text, origin: 'nested' });
  return found;
}

/** Command strings hidden inside `cmd` that a shell will run. */
export function nestedScripts(cmd: SimpleCommand): NestedScript[] {
  const own = ownScripts(cmd);
  const viaOptions = optionCommands(cmd);
  return viaOptions.length === 0 ? own : [...own, ...viaOptions];
}

/** What `cmd` runs by its own syntax: a shell's `-c`, a script file of known text, `eval` … */
function ownScripts(cmd: SimpleCommand): NestedScript[] {
  const name = cmd.name;
  if (SHELLS.has(name)) {
    const payloads = shellPayloads(cmd);
    return cmd.scriptText === undefined
      ? payloads
      : [...payloads, { text: cmd.scriptText, origin: 'written' }];
  }
  const code = INTERPRETERS.has(name) ? interpreterCode(cmd) : undefined;
  if (code !== undefined) return nestedAll(shellCallsIn(code));
  // Shell text of known content the command runs: what `source` reads, a package.json script
  // (`npm run lint`), or a file run by its path (`./run`; only a shell script is given one).
  if (
    cmd.scriptText !== undefined &&
    (name === 'source' ||
      name === '.' ||
      PACKAGE_RUNNERS.has(name) ||
      (cmd.program !== undefined && isPathInvocation(cmd.program.text)))
  )
    return [{ text: cmd.scriptText, origin: 'written' }];
  switch (name) {
    case 'eval':
      return [{ text: joinTexts(cmd.args), origin: 'nested' }];
    case 'alias':
      return nestedAll(
        cmd.args
          .filter((a) => a.text.indexOf('=') > 0)
          .map((a) => a.text.slice(a.text.indexOf('=') + 1)),
      );
    case 'trap':
      return cmd.args[0] === undefined || cmd.args[0].text.startsWith('-')
        ? emptyList()
        : [{ text: cmd.args[0].text, origin: 'nested' }];
    case 'su':
    case 'runuser': {
      const commandFlag = cmd.args.findIndex((a) => a.text === '-c' || a.text === '--command');
      return commandFlag === -1 || cmd.args[commandFlag + 1] === undefined
        ? emptyList()
        : [{ text: cmd.args[commandFlag + 1]?.text ?? '', origin: 'nested' }];
    }
    case 'ssh':
      return sshRemoteCommand(cmd);
    case 'crontab': {
      const script = stdinScript(cmd);
      return script === undefined ? emptyList() : crontabCommands(script);
    }
    case 'at':
    case 'batch': {
      const script = stdinScript(cmd);
      return script === undefined ? emptyList() : [{ text: script, origin: 'nested' }];
    }
    case 'awk':
    case 'gawk':
    case 'mawk':
    case 'nawk':
      return nestedAll(
        Array.from(
          joinTexts(cmd.args).matchAll(/system\s*\(\s*"((?:[^"\\]|\\.)*)"/gu),
          (m) => m[1] ?? '',
        ),
      );
    default:
      return emptyList();
  }
}
