import { usePath, type Judge, type PathUse } from '../judge.js';
import { SECRET_BASENAMES } from '../paths/sensitive-tables.js';
import { matchesAny } from '../paths/taxonomy.js';
import { defineRule } from '../registry.js';
import { writtenText } from '../shell/derived-scripts.js';
import type { CommandFacts } from '../shell/facts.js';
import type { Arg } from '../shell/model.js';
import { makesPrivate } from '../shell/permission-modes.js';
import { judgeWrittenText } from './content.js';
import { judgeDelete, judgeRead, judgeWrite, LOCATION_RULES } from './locations.js';
import { DB_CLIENTS } from './shell-destructive.js';
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

/**
 * The first word after an installed program, a bare name: the subcommand of a CLI (`gh secret
 * list`, `docker secret ls`, `fly secrets set`), not a file. A script run by its path, and a
 * database client (whose first word is the database file), keep it.
 */
function subcommandWord(facts: CommandFacts): Arg | undefined {
  const program = facts.cmd.program;
  if (program === undefined || program.text.includes('/') || DB_CLIENTS.has(facts.cmd.name))
    return undefined;
  const first = facts.cmd.args[0];
  return first !== undefined && /^[a-z][a-z0-9-]*$/iu.test(first.text) ? first : undefined;
}

/** Arguments no profile understood: if one names a secret file, assume the command reads it. */
function judgeUnclaimed(facts: CommandFacts, judge: Judge): void {
  const subcommand = subcommandWord(facts);
  for (const arg of facts.otherArgs) {
    if (arg === subcommand) continue;
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

/** Not the system's, nor the harness's: making such a file private locks out no one but others. */
function ownedByUser(use: PathUse): boolean {
  const { traits } = use;
  return (
    !traits.system &&
    !traits.log &&
    traits.privilege === undefined &&
    traits.agentControl === undefined &&
    traits.securityControl === undefined
  );
}

/** Key and certificate files by name: what a key generator is expected to fill. */
const KEY_MATERIAL = /\.(?:pem|key|crt|cer|csr|der|p12|pfx|srl)$/iu;

/**
 * A new key or certificate the command makes: in the workspace it is the user's new file; anywhere
 * else, or under a name that is not key material, it is judged as any write (it may replace a key).
 */
function judgeCreated(use: PathUse, judge: Judge): void {
  if (use.path.inWorkspace && !use.path.dynamic && KEY_MATERIAL.test(use.path.absolute)) return;
  judgeWrite(use, judge);
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
  const privateMode = makesPrivate(facts.cmd);
  for (const use of facts.writes) {
    if (privateMode && ownedByUser(use)) {
      if (!use.path.inWorkspace) judge.findings.add(LOCATION_RULES.writeOutside, use.raw);
      continue;
    }
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
  for (const use of facts.creates) judgeCreated(use, judge);
  // `mv` names one destination: the files it takes out of a folder live on there.
  const keptAt = facts.cmd.name === 'mv' && facts.writes.length === 1 ? facts.writes[0] : undefined;
  for (const use of facts.deletes)
    judgeDelete(use, facts.recursive, judge, keptAt === undefined ? {} : { keptAt });
  judgeUnclaimed(facts, judge);
};
