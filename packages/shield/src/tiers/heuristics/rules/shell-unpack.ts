import type { PathUse } from '../judge.js';
import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';
import type { ShellJudge } from './shell-judge.js';

export const SHELL_UNPACK_RULES = {
  unpackOverHome: defineRule(
    'files.unpack_over_home',
    'block',
    'unpacks an archive over the home folder or a folder of start-up or credential files, whose files it may replace',
  ),
};

/** `tar x…`, `tar -x…`, `--extract`, `--get`: the command unpacks rather than packs or lists. */
function tarExtracts(cmd: SimpleCommand): boolean {
  return cmd.args.some(
    (a, i) =>
      a.text === '--extract' ||
      a.text === '--get' ||
      (/^-[A-Za-wyz]*x[A-Za-z]*$/u.test(a.text) && !a.text.startsWith('--')) ||
      (i === 0 && /^[A-Za-wyz]*x[A-Za-z]*$/u.test(a.text)),
  );
}

/** A folder an archive's unknown files may land in and take over: the home itself, start-up or key folders. */
function takesOver(use: PathUse): boolean {
  const { traits, path } = use;
  if (path.inWorkspace) return false;
  return (
    traits.homeRoot ||
    traits.persistence !== undefined ||
    traits.secret !== undefined ||
    traits.agentControl !== undefined
  );
}

/** An archive's contents are unknown until unpacked: over the home they can replace `.bashrc` or `.ssh`. */
export const judgeShellUnpack: ShellJudge = (facts, _line, judge) => {
  const { cmd } = facts;
  const unpacks = cmd.name === 'unzip' || (cmd.name === 'tar' && tarExtracts(cmd));
  if (!unpacks) return;
  const into = facts.writes.find(takesOver);
  if (into !== undefined) judge.findings.add(SHELL_UNPACK_RULES.unpackOverHome, into.raw);
};
