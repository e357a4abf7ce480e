import { usePath, type Judge } from '../judge.js';
import type { SimpleCommand } from '../shell/model.js';
import { defineRule } from '../registry.js';
import { optionValues } from '../shell/options.js';
import type { ShellJudge } from './shell-judge.js';

export const SERVED_FOLDER_RULES = {
  privateFolderServed: defineRule(
    'exfil.private_folder_served',
    'block',
    'serves the home folder, or a folder of keys or private files, to other machines',
  ),
};

/** A bind address only this machine reaches. */
const LOOPBACK = /^(?:127\.\d+\.\d+\.\d+|::1|localhost)$/u;

/**
 * `python -m http.server -b 127.0.0.1 -d site`: a folder of the workspace (not the workspace
 * itself, where `.env` and keys may lie) served to this machine only, as a preview. A page the user
 * opens can still reach it, so nothing beyond such a folder.
 */
export function previewsWorkspaceFolder(cmd: SimpleCommand, judge: Judge): boolean {
  const bind = optionValues(cmd.args, ['-b', '--bind'])[0]?.text;
  const folder = optionValues(cmd.args, ['-d', '--directory'])[0]?.text;
  if (bind === undefined || !LOOPBACK.test(bind) || folder === undefined) return false;
  const { path } = usePath(folder, judge.scope, cmd.cwd);
  return path.inWorkspace && path.absolute !== judge.scope.workspace && !path.dynamic;
}

/**
 * `python -m http.server` serves a folder to whoever connects, on every interface unless bound to
 * loopback: serving the home folder, or one of keys or private files, hands all of it out.
 */
export const judgeServedFolders: ShellJudge = (facts, _line, judge) => {
  const { cmd } = facts;
  if (!cmd.name.startsWith('python')) return;
  const module = cmd.args[cmd.args.findIndex((a) => a.text === '-m') + 1]?.text;
  if (module !== 'http.server' && module !== 'SimpleHTTPServer') return;
  const bind = optionValues(cmd.args, ['-b', '--bind'])[0]?.text;
  if (bind !== undefined && LOOPBACK.test(bind)) return;
  const folder = optionValues(cmd.args, ['-d', '--directory'])[0]?.text ?? '.';
  const served = usePath(folder, judge.scope, cmd.cwd);
  const { traits, path } = served;
  const exposes =
    !path.inWorkspace &&
    (traits.homeRoot ||
      path.containsWorkspace ||
      traits.secret !== undefined ||
      traits.private !== undefined);
  if (exposes) judge.findings.add(SERVED_FOLDER_RULES.privateFolderServed, served.raw);
};
