import type { SimpleCommand } from './model.js';
import type { NestedScript } from './nested.js';
import { emptyList } from '../lists.js';

/**
 * An option whose value is a command line the program hands to a shell on this machine: `tar
 * --to-command`, `zip -TT`, `rsync -e`, `ssh -o ProxyCommand=…`, `vim -c '!…'`. `value` picks the
 * command out of the option's value (only a value it matches runs anything).
 */
interface CommandOption {
  readonly names: readonly string[];
  readonly value?: RegExp;
}

const TAR: readonly CommandOption[] = [
  { names: ['--checkpoint-action'], value: /^exec=(.+)$/su },
  {
    names: [
      '--to-command',
      '--use-compress-program',
      '-I',
      '--info-script',
      '--new-volume-script',
      '-F',
    ],
  },
];
const SSH: readonly CommandOption[] = [
  { names: ['-o'], value: /^(?:proxy|local)command\s*[=\s]\s*(.+)$/isu },
];
const VIM: readonly CommandOption[] = [{ names: ['-c', '--cmd'], value: /^:?\s*!(.+)$/su }];

const OPTION_COMMANDS: ReadonlyMap<string, readonly CommandOption[]> = new Map([
  ['tar', TAR],
  ['gtar', TAR],
  ['bsdtar', TAR],
  ['zip', [{ names: ['-TT', '--unzip-command'] }]],
  ['rsync', [{ names: ['-e', '--rsh'] }]],
  ['ssh', SSH],
  ['scp', SSH],
  ['sftp', SSH],
  ['vim', VIM],
  ['vi', VIM],
  ['nvim', VIM],
  ['ex', VIM],
  ['gdb', [{ names: ['-ex', '--eval-command'], value: /^(?:!|shell\s+)(.+)$/su }]],
  ['man', [{ names: ['-P', '--pager'] }]],
  ['script', [{ names: ['-c', '--command'] }]],
  ['flock', [{ names: ['-c', '--command'] }]],
]);

/** The option's value when `text` (at `i`) is the option: `--opt=v`, `--opt v`, `-o v`, `-ov`. */
function valueOf(cmd: SimpleCommand, i: number, name: string): string | undefined {
  const text = cmd.args[i]?.text ?? '';
  if (text === name) return cmd.args[i + 1]?.text;
  if (name.startsWith('--'))
    return text.startsWith(`${name}=`) ? text.slice(name.length + 1) : undefined;
  return name.length === 2 && text.startsWith(name) && text.length > 2 ? text.slice(2) : undefined;
}

/** Command lines `cmd` runs through its options, and `watch`'s command: judged like the outer line. */
export function optionCommands(cmd: SimpleCommand): NestedScript[] {
  if (cmd.name === 'watch') {
    const words = cmd.args.filter(
      (a, i) =>
        !a.text.startsWith('-') && !/^-(?:n|d|-interval)$/u.test(cmd.args[i - 1]?.text ?? ''),
    );
    return words.length === 0
      ? emptyList()
      : [{ text: words.map((a) => a.text).join(' '), origin: 'nested' }];
  }
  const options = OPTION_COMMANDS.get(cmd.name);
  if (options === undefined) return emptyList();
  const found: NestedScript[] = emptyList();
  for (let i = 0; i < cmd.args.length; i++) {
    for (const option of options) {
      for (const name of option.names) {
        const value = valueOf(cmd, i, name);
        if (value === undefined) continue;
        const command = option.value === undefined ? value : option.value.exec(value)?.[1];
        if (command !== undefined && command.trim() !== '')
          found.push({ text: command, origin: 'nested' });
      }
    }
  }
  return found;
}
