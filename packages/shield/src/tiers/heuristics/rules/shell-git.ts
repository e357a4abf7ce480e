import { judgeGitArgs } from './git.js';
import type { ShellJudge } from './shell-judge.js';

const GIT_GLOBAL_VALUES = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path']);

export const judgeShellGit: ShellJudge = (facts, _line, judge) => {
  const cmd = facts.cmd;
  if (cmd.name !== 'git') return;
  let i = 0;
  while (i < cmd.args.length && (cmd.args[i]?.text ?? '').startsWith('-')) i += GIT_GLOBAL_VALUES.has(cmd.args[i]?.text ?? '') ? 2 : 1;
  judgeGitArgs(cmd.args.slice(i).map((a) => a.text), judge);
};
