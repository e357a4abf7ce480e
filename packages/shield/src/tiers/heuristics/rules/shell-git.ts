import type { LineFacts } from '../shell/facts.js';
import type { SimpleCommand } from '../shell/model.js';
import { judgeGitArgs, judgePush } from './git.js';
import type { ShellJudge } from './shell-judge.js';

const GIT_GLOBAL_VALUES = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--exec-path',
]);

function gitArgs(cmd: SimpleCommand): string[] {
  let i = 0;
  while (i < cmd.args.length && (cmd.args[i]?.text ?? '').startsWith('-'))
    i += GIT_GLOBAL_VALUES.has(cmd.args[i]?.text ?? '') ? 2 : 1;
  return cmd.args.slice(i).map((a) => a.text);
}

/** Remotes the line itself points at an address (`git remote set-url origin https://…`), by name. */
function remotesRepointed(line: LineFacts, before: number): Map<string, string> {
  const out = new Map<string, string>();
  for (const other of line.facts) {
    if (other.cmd.name !== 'git' || other.cmd.index >= before) continue;
    const [sub, verb, name, address] = gitArgs(other.cmd);
    if (
      sub === 'remote' &&
      (verb === 'add' || verb === 'set-url') &&
      name !== undefined &&
      address !== undefined
    )
      out.set(name, address);
  }
  return out;
}

export const judgeShellGit: ShellJudge = (facts, line, judge) => {
  const cmd = facts.cmd;
  if (cmd.name !== 'git') return;
  const args = gitArgs(cmd);
  judgeGitArgs(args, judge);
  // A push to a remote the same line just pointed elsewhere is a push to that address.
  if (args[0] === 'push') {
    const repointed = remotesRepointed(line, cmd.index);
    const remote = args.slice(1).find((a) => !a.startsWith('-')) ?? 'origin';
    const address = repointed.get(remote);
    if (address !== undefined)
      judgePush(
        {
          remote: address,
          refspecs: [],
          force: false,
          forceWithLease: false,
          deletes: false,
          all: false,
        },
        judge,
      );
  }
};
