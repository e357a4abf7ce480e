import type { Arg } from './model.js';
import { programName } from './names.js';
import { emptyList } from '../lists.js';
import { joinTexts, literalArg, withText } from './args.js';

/** How a wrapper's own arguments are read before the command it runs. */
interface WrapperSpec {
  /** Options that take a separate value. */
  readonly values: ReadonlySet<string>;
  /** Positional arguments the wrapper itself consumes before the command (timeout's duration). */
  readonly positionals?: number;
}

const spec = (values: string, positionals = 0): WrapperSpec => ({
  values: new Set(values.split(' ').filter(Boolean)),
  positionals,
});

/**
 * Commands that run another command: their own options are peeled off so the rules judge what
 * actually runs (`sudo -u x nice -n 5 timeout 10 curl …` is a `curl`).
 */
const WRAPPERS: ReadonlyMap<string, WrapperSpec> = new Map([
  [
    'sudo',
    spec(
      '-u -g -h -p -C -D -r -t -U -T --user --group --host --prompt --chdir --role --type --other-user --close-from',
    ),
  ],
  ['doas', spec('-u -C')],
  ['pkexec', spec('--user')],
  ['runuser', spec('-u -g -G --user --group --supp-group')],
  ['nice', spec('-n --adjustment')],
  ['ionice', spec('-c -n -p -P -u --class --classdata')],
  ['nohup', spec('')],
  ['setsid', spec('')],
  ['timeout', spec('-s -k --signal --kill-after', 1)],
  ['stdbuf', spec('-i -o -e --input --output --error')],
  ['time', spec('-f -o --format --output')],
  ['command', spec('')],
  ['builtin', spec('')],
  ['exec', spec('-a')],
  ['chroot', spec('--userspec --groups', 1)],
  ['unbuffer', spec('')],
  ['caffeinate', spec('-t -w')],
  ['strace', spec('-o -e -p -s -u -E -O -P -I -a -b -X')],
  ['ltrace', spec('-o -e -p -s -u -E -n -a')],
  ['taskset', spec('', 1)],
  [
    'numactl',
    spec('-C -N -m -p -i --physcpubind --cpunodebind --membind --preferred --interleave'),
  ],
  ['proxychains', spec('-f')],
  ['proxychains4', spec('-f')],
  ['torsocks', spec('-u -p -a -P')],
  ['torify', spec('')],
  ['firejail', spec('')],
  ['nsenter', spec('-t -S -G --target --setuid --setgid')],
  ['unshare', spec('')],
  [
    'systemd-run',
    spec(
      '--unit -p --property --on-calendar --on-active --on-boot --on-startup --on-unit-active --uid --gid -E --setenv --working-directory --description --slice -M --machine',
    ),
  ],
  ['busybox', spec('')],
  ['flock', spec('-w -E --timeout --conflict-exit-code', 1)],
  ['xvfb-run', spec('-n -s -f -e --server-num --server-args --auth-file --error-file')],
  ['dbus-launch', spec('')],
  ['catchsegv', spec('')],
  ['chrt', spec('', 1)],
  ['prlimit', spec('--pid')],
  ['sg', spec('', 1)],
]);

/** Wrappers that mean "run as someone else". */
export const PRIVILEGE_WRAPPERS = new Set([
  'sudo',
  'doas',
  'pkexec',
  'runuser',
  'chroot',
  'nsenter',
]);
/** Wrappers that hide where traffic goes. */
export const ANONYMIZING_WRAPPERS = new Set(['proxychains', 'proxychains4', 'torsocks', 'torify']);

export interface Unwrapped {
  readonly argv: Arg[];
  readonly wrappers: string[];
  readonly env: [string, Arg][];
  /** Options given to the wrappers themselves (`sudo -S`, `env -i` …). */
  readonly wrapperOptions: string[];
  /** Command strings a wrapper will hand to a shell (`env -S '…'`, `flock -c '…'`, `watch '…'`). */
  readonly nestedText: string[];
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/su;

function skipOptions(
  argv: readonly Arg[],
  start: number,
  wrapper: WrapperSpec,
  seen: string[],
): number {
  let i = start;
  let positionals = wrapper.positionals ?? 0;
  while (i < argv.length) {
    const text = argv[i]?.text ?? '';
    if (text === '--') return i + 1;
    if (text.startsWith('-') && text.length > 1) {
      seen.push(text);
      i += wrapper.values.has(text) ? 2 : 1;
      continue;
    }
    if (positionals > 0) {
      positionals--;
      i++;
      continue;
    }
    return i;
  }
  return i;
}

const XARGS_VALUES = new Set([
  '-I',
  '-i',
  '-n',
  '-P',
  '-L',
  '-l',
  '-d',
  '-s',
  '-E',
  '-e',
  '-a',
  '--arg-file',
  '--max-args',
  '--max-procs',
  '--delimiter',
  '--replace',
  '--max-lines',
  '--eof',
  '--max-chars',
  '--process-slot-var',
]);

function unwrapXargs(argv: readonly Arg[], input: Arg[]): Arg[] {
  let i = 1;
  let replace: string | undefined;
  while (i < argv.length) {
    const text = argv[i]?.text ?? '';
    if (text === '--') {
      i++;
      break;
    }
    if (!text.startsWith('-') || text.length === 1) break;
    if (text === '-I' || text === '--replace') replace = argv[i + 1]?.text;
    else if (/^-I./u.test(text)) replace = text.slice(2);
    else if (text === '-i') replace = '{}';
    i += XARGS_VALUES.has(text) ? 2 : 1;
  }
  const command = argv.slice(i);
  if (command.length === 0) command.push(literalArg('echo'));
  if (replace !== undefined && command.some((a) => a.text.includes(replace))) {
    const first = input[0];
    return command.map((a) =>
      a.text.includes(replace) && first !== undefined
        ? withText(first, a.text.split(replace).join(first.text))
        : a,
    );
  }
  return [...command, ...input];
}

/** Program names unwrap treats specially besides WRAPPERS. */
const UNWRAPPERS = new Set(['env', 'xargs', 'flock', 'script', 'watch']);

/**
 * Peels wrappers off `argv` until a real command is left. `xargsInput` are the arguments xargs
 * would read from stdin (known words, or one dynamic placeholder).
 */
export function unwrap(argv: readonly Arg[], xargsInput: () => Arg[]): Unwrapped {
  // Most commands run no wrapper at all: nothing to peel.
  const first = programName(argv[0]?.text ?? '');
  if (!UNWRAPPERS.has(first) && !WRAPPERS.has(first))
    return {
      argv: [...argv],
      wrappers: emptyList(),
      env: emptyList(),
      wrapperOptions: emptyList(),
      nestedText: emptyList(),
    };
  let current = [...argv];
  const wrappers: string[] = emptyList();
  const env: [string, Arg][] = emptyList();
  const nestedText: string[] = emptyList();
  const wrapperOptions: string[] = emptyList();
  for (let guard = 0; guard < 16 && current.length > 0; guard++) {
    const name = programName(current[0]?.text ?? '');
    if (name === 'env') {
      let i = 1;
      while (i < current.length) {
        const arg = current[i];
        const text = arg?.text ?? '';
        const assignment = ASSIGNMENT.exec(text);
        if (arg !== undefined && assignment)
          env.push([assignment[1] ?? '', withText(arg, assignment[2] ?? '')]);
        else if (text === '-S' || text === '--split-string') {
          nestedText.push(current[i + 1]?.text ?? '');
          i++;
        } else if (text === '-u' || text === '-C' || text === '--unset' || text === '--chdir') i++;
        else if (!text.startsWith('-')) break;
        i++;
      }
      if (i >= current.length) return { argv: current, wrappers, env, wrapperOptions, nestedText };
      wrappers.push('env');
      current = current.slice(i);
      continue;
    }
    if (name === 'xargs') {
      wrappers.push('xargs');
      current = unwrapXargs(current, xargsInput());
      continue;
    }
    if (name === 'flock' || name === 'script') {
      const commandFlag = current.findIndex((a) => a.text === '-c' || a.text === '--command');
      if (commandFlag !== -1) {
        wrappers.push(name);
        nestedText.push(current[commandFlag + 1]?.text ?? '');
        return { argv: emptyList(), wrappers, env, wrapperOptions, nestedText };
      }
    }
    if (name === 'watch') {
      const values = new Set(['-n', '--interval', '-d', '--differences', '-q', '--equexit']);
      let i = 1;
      while (i < current.length && (current[i]?.text ?? '').startsWith('-'))
        i += values.has(current[i]?.text ?? '') ? 2 : 1;
      wrappers.push('watch');
      nestedText.push(joinTexts(current.slice(i)));
      return { argv: emptyList(), wrappers, env, wrapperOptions, nestedText };
    }
    const wrapper = WRAPPERS.get(name);
    if (wrapper === undefined) break;
    // `command -v x` and `sudo -l` look things up rather than run them.
    if (name === 'command' && /^-[vV]$/u.test(current[1]?.text ?? '')) break;
    const next = skipOptions(current, 1, wrapper, wrapperOptions);
    // A wrapper with nothing to run is the command itself (`sudo -s` opens a root shell).
    if (next >= current.length) return { argv: current, wrappers, env, wrapperOptions, nestedText };
    wrappers.push(name);
    current = current.slice(next);
  }
  return { argv: current, wrappers, env, wrapperOptions, nestedText };
}
