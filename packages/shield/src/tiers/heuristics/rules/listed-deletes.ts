import { hasFlag } from '../shell/options.js';
import type { LineFacts } from '../shell/facts.js';
import type { SimpleCommand } from '../shell/model.js';
import { judgeDelete, LOCATION_RULES } from './locations.js';
import type { ShellJudge } from './shell-judge.js';

/** Programs that print the names of files found under the paths they are given. */
const FINDERS = new Set(['find', 'fd', 'fdfind', 'ls']);
/** Searchers that print names when asked for them (`grep -l`, `rg --files`). */
const SEARCHERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag']);
/** Programs that pass names read on their input through, or select among them. */
const FILTERS = new Set(['grep', 'egrep', 'fgrep', 'sort', 'uniq', 'head', 'tail', 'cat', 'tr']);

function listsNames(cmd: SimpleCommand): boolean {
  if (FINDERS.has(cmd.name)) return true;
  if (SEARCHERS.has(cmd.name)) return hasFlag(cmd.args, 'lL', ['--files-with-matches', '--files']);
  return cmd.name === 'git' && cmd.args.some((arg) => arg.text === 'ls-files');
}

/** The command that first printed the names `cmd` prints, past filters that only select among them. */
function sourceOfNames(cmd: SimpleCommand, line: LineFacts): SimpleCommand {
  let source = cmd;
  for (let hops = 0; hops < 16; hops++) {
    const from = source.stdinFrom;
    const passesThrough =
      FILTERS.has(source.name) && !listsNames(source) && line.factsOf(source).reads.length === 0;
    if (from === undefined || !passesThrough) break;
    source = from;
  }
  return source;
}

/**
 * A deletion whose targets are another command's output (`… | xargs rm`, `rm $(…)`). Names a
 * finder or a listing printed are under the folders it searched: in the workspace they are the
 * user's files; elsewhere they are judged as deleted in the folder searched. Names from
 * anything else (a list file, a mail index, a download) may be any file on the machine: a human
 * decides.
 */
export const judgeListedDeletes: ShellJudge = (facts, line, judge) => {
  if (facts.deletes.length === 0) return;
  const deleted = new Set(facts.deletes.map((use) => use.raw));
  for (const arg of facts.cmd.args) {
    if (arg.from.length === 0 || !deleted.has(arg.text)) continue;
    for (const producer of arg.from) {
      const source = sourceOfNames(producer, line);
      const searched = listsNames(source)
        ? [...line.factsOf(source).reads, ...line.factsOf(source).probes]
        : [];
      const outside = searched.find((use) => !use.path.inWorkspace || use.path.dynamic);
      if (searched.length > 0 && outside === undefined) continue;
      // Judged as a deletion in the folder searched: a temporary one, a key folder, anywhere else.
      if (outside !== undefined && !outside.path.dynamic) judgeDelete(outside, false, judge);
      else judge.findings.add(LOCATION_RULES.unknownDelete, `${source.name} | ${facts.cmd.name}`);
    }
  }
};
