import { usePath, type Judge } from '../judge.js';
import { SECRET_BASENAMES } from '../paths/sensitive-tables.js';
import { matchesAny } from '../paths/taxonomy.js';
import { defineRule } from '../registry.js';
import { writtenText } from '../shell/derived-scripts.js';
import type { CommandFacts } from '../shell/facts.js';
import { judgeWrittenText } from './content.js';
import { judgeDelete, judgeRead, judgeWrite } from './locations.js';
import {
  isPackageSourceConfig,
  judgeManifestEdit,
  judgePackageSourceWrite,
} from './package-sources.js';
import { judgePromptFileWrites } from './shell-prompt-files.js';
import type { ShellJudge } from './shell-judge.js';

export const SHELL_FILE_RULES = {
  truncateOutside: defineRule(
    'destructive.truncate_outside_workspace',
    'block',
    'empties a file outside the workspace',
  ),
};

/** Programs that only empty their redirection target (`> f`, `: > f`, `true > f`). */
const TRUNCATORS = new Set(['', ':', 'true', 'truncate']);

function looksLikePath(text: string): boolean {
  if (text.includes('://') || text.length > 4096) return false;
  const first = text.charAt(0);
  if (
    (first === '~' || first === '.' || first === '/' || first === '$') &&
    /^(?:~|\.{1,2}\/|\/|\$HOME|\$\{HOME\})/u.test(text)
  )
    return true;
  const base = text.slice(text.lastIndexOf('/') + 1);
  return text.includes('/') || matchesAny(SECRET_BASENAMES, base);
}

/** Arguments no profile understood: if one names a secret file, assume the command reads it. */
function judgeUnclaimed(facts: CommandFacts, judge: Judge): void {
  for (const arg of facts.otherArgs) {
    const value = arg.text.startsWith('-') ? arg.text.slice(arg.text.indexOf('=') + 1) : arg.text;
    // `REV:path` (git show HEAD:.env) and `host:path` name a path after the colon.
    const candidates =
      value.includes(':') && !value.includes('://')
        ? [value, value.slice(value.lastIndexOf(':') + 1)]
        : [value];
    for (const candidate of candidates) {
      if (!looksLikePath(candidate)) continue;
      const use = usePath(candidate, judge.scope, facts.cmd.cwd);
      if (use.traits.secret !== undefined || use.traits.agentControl !== undefined)
        judgeRead(use, judge);
    }
  }
}

/** Judges what a command writes into files, where the text is known. */
function judgeWrittenContent(facts: CommandFacts, judge: Judge): void {
  const written = writtenText(facts.cmd);
  if (written === undefined) return;
  for (const use of facts.writes)
    if (written.targets.includes(use.raw) && use.traits.device === undefined)
      judgeWrittenText(use, written.text, judge, { scripts: false });
}

export const judgeShellFiles: ShellJudge = (facts, line, judge) => {
  judgeWrittenContent(facts, judge);
  judgePromptFileWrites(facts, line, judge);
  for (const use of facts.reads) judgeRead(use, judge);
  for (const use of facts.uploads) judgeRead(use, judge);
  for (const use of facts.probes) judgeRead(use, judge, { probe: true });
  for (const use of facts.writes) {
    judgeWrite(use, judge);
    // The command line is all the Shield sees of what lands there (a `sed -i` expression, echoed text).
    if (isPackageSourceConfig(use)) {
      judgePackageSourceWrite(use, undefined, judge);
      judgePackageSourceWrite(use, facts.argsText, judge);
    } else judgeManifestEdit(use, facts.argsText, judge);
    const truncating =
      TRUNCATORS.has(facts.cmd.name) ||
      (facts.cmd.name === 'cp' && facts.reads.some((r) => r.path.absolute === '/dev/null'));
    if (truncating && !use.path.inWorkspace && use.traits.device === undefined)
      judge.findings.add(SHELL_FILE_RULES.truncateOutside, use.raw);
  }
  for (const use of facts.downloads) judgeWrite(use, judge);
  for (const use of facts.deletes) judgeDelete(use, facts.recursive, judge);
  judgeUnclaimed(facts, judge);
};
