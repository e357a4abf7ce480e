import { usePath, type Judge, type PathUse } from '../judge.js';
import { sensitivityOf } from '../paths/taxonomy.js';
import { isSecretVariable } from '../content/secrets.js';
import { fileEffectsOf } from './file-effects.js';
import type { Arg, SimpleCommand } from './model.js';
import { networkEffectsOf, type NetworkEffects } from './network-effects.js';
import { emptyList } from '../lists.js';
import { joinTexts } from './args.js';
import { alternation } from '../text/word-list.js';
import { programInContainer } from './container-exec.js';
import { siteUse } from './site-admin.js';
import { printsMail } from './mail-tools.js';
import { fetchesSignedIn } from './web-requests.js';

/** How sensitive the data on a command's output is: 0 none, 1 local, 2 private, 3 secret. */
export type Label = 0 | 1 | 2 | 3;

export interface CommandFacts {
  readonly cmd: SimpleCommand;
  /** The arguments joined by spaces, for pattern checks. */
  readonly argsText: string;
  readonly reads: readonly PathUse[];
  readonly probes: readonly PathUse[];
  readonly writes: readonly PathUse[];
  readonly deletes: readonly PathUse[];
  readonly executes: readonly PathUse[];
  /** Files the command fills with material it makes itself (see FileEffects.creates). */
  readonly creates: readonly PathUse[];
  readonly recursive: boolean;
  readonly net: NetworkEffects;
  readonly uploads: readonly PathUse[];
  readonly downloads: readonly PathUse[];
  /** Arguments no profile claimed (flags excluded): an unknown command may read any of them. */
  readonly otherArgs: readonly Arg[];
  /** Secret-named variables expanded anywhere in the command. */
  readonly secretVariables: readonly string[];
}

/** Everything known about one command line, with data labels across pipes and substitutions. */
export interface LineFacts {
  readonly facts: readonly CommandFacts[];
  labelOf(cmd: SimpleCommand): Label;
  /** The label of what earlier commands of the line wrote into any of these files (0 if none). */
  stagedLabel(cmd: SimpleCommand, uses: readonly PathUse[]): Label;
  factsOf(cmd: SimpleCommand): CommandFacts;
  /** Absolute paths of files that network commands in the line save (`-o f`, or `> f` of what they fetched). */
  downloadedPaths(): ReadonlySet<string>;
}

/** Programs whose output is only the literal text they were given. */
/** Programs whose output is a database's contents. */
const DATA_DUMPERS = new Set([
  'pg_dump',
  'pg_dumpall',
  'mysqldump',
  'mariadb-dump',
  'mongodump',
  'mongoexport',
  'redis-dump',
  'sqlite3',
]);
/**
 * A zone transfer (`dig axfr`, `host -l`) prints every record of a domain: the map of its hosts,
 * internal names and addresses included, a dump like a database's.
 */
function transfersZone(cmd: SimpleCommand): boolean {
  if (cmd.name === 'dig') return cmd.args.some((a) => /^(?:axfr|ixfr(?:=\d+)?)$/iu.test(a.text));
  return cmd.name === 'host' && cmd.args.some((a) => a.text === '-l');
}

/** Clients of database servers, and statements that make them print rows (a table's records). */
const DATABASE_CLIENTS = new Set([
  'psql',
  'mysql',
  'mariadb',
  'mongosh',
  'mongo',
  'sqlcmd',
  'clickhouse-client',
  'cqlsh',
]);
const ROW_EXPORT =
  /\\copy\b|\bCOPY\b[^;]*\bTO\s+STDOUT\b|\bSELECT\b[\s\S]*?\bFROM\b|\.(?:find|aggregate)\s*\(/iu;

/** A database client told to print a table's rows: its output is the records, as a dump's is. */
function exportsRows(cmd: SimpleCommand): boolean {
  return DATABASE_CLIENTS.has(cmd.name) && cmd.args.some((a) => ROW_EXPORT.test(a.text));
}
const SEARCHERS = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'git']);
/** Search patterns that look for keys and tokens by their shape or their name. */
const SECRET_SHAPES = new RegExp(
  alternation(
    // Token prefixes: GitHub, Stripe, OpenAI-style keys, AWS key ids, Slack.
    ['ghp_', /gh[ousr]_/u, 'sk_live', 'sk-', 'AKIA', /xox[bp]/u],
    [/BEGIN .*PRIVATE/u, 'passw', 'secret', /api[_-]?key/u, 'token', /private[_ -]?key/u],
  ),
  'iu',
);
const LITERAL_OUTPUT = new Set([
  'echo',
  'printf',
  'true',
  'false',
  'seq',
  'yes',
  'sleep',
  'date',
  'cd',
  'export',
  'test',
  '[',
  'exit',
  '',
]);
/** Programs that print the whole environment (which holds the secrets of the process). */
export const ENVIRONMENT_DUMPERS = new Set([
  'env',
  'printenv',
  'set',
  'export',
  'declare',
  'typeset',
  'compgen',
]);

function argsLooksLikeDump(cmd: SimpleCommand): boolean {
  if (cmd.name === 'env' || cmd.name === 'printenv')
    return cmd.args.filter((a) => !a.text.startsWith('-')).length === 0;
  if (cmd.name === 'set') return cmd.args.length === 0;
  if (cmd.name === 'export' || cmd.name === 'declare' || cmd.name === 'typeset')
    return cmd.args.every((a) => /^-[pxr]+$/u.test(a.text)) && cmd.args.length > 0;
  return cmd.name === 'compgen' && cmd.args.some((a) => a.text === '-v' || a.text === '-e');
}

export function dumpsEnvironment(cmd: SimpleCommand): boolean {
  return ENVIRONMENT_DUMPERS.has(cmd.name) && argsLooksLikeDump(cmd);
}

/** Shared by every command that touches no path of a kind (facts are never changed once built). */
const NO_USES: readonly PathUse[] = emptyList();

function factsFor(cmd: SimpleCommand, judge: Judge): CommandFacts {
  const file = fileEffectsOf(cmd);
  const net = networkEffectsOf(cmd);
  const use = (args: readonly Arg[], more?: readonly Arg[]): readonly PathUse[] => {
    if (args.length === 0 && (more === undefined || more.length === 0)) return NO_USES;
    const uses: PathUse[] = emptyList();
    for (const a of args) if (a.text !== '') uses.push(usePath(a.text, judge.scope, cmd.cwd));
    if (more !== undefined)
      for (const a of more) if (a.text !== '') uses.push(usePath(a.text, judge.scope, cmd.cwd));
    return uses;
  };
  const claimed = new Set<Arg>();
  for (const list of [
    file.reads,
    file.probes,
    file.writes,
    file.deletes,
    file.executes,
    file.patterns,
    file.creates,
    net.uploads,
    net.downloads,
    net.reads,
    net.inlineData,
  ]) {
    for (const a of list) claimed.add(a);
  }
  for (const r of net.remotes) claimed.add(r.arg);
  const otherArgs = cmd.args.filter(
    (a) => !claimed.has(a) && (!a.text.startsWith('-') || a.text.includes('=')),
  );
  const secretVariables: string[] = emptyList();
  for (const a of cmd.args)
    for (const name of a.vars) if (isSecretVariable(name)) secretVariables.push(name);
  for (const r of cmd.redirects)
    for (const name of r.target?.vars ?? []) if (isSecretVariable(name)) secretVariables.push(name);
  for (const a of cmd.assignments.values())
    for (const name of a.vars) if (isSecretVariable(name)) secretVariables.push(name);
  return {
    cmd,
    argsText: joinTexts(cmd.args),
    reads: use(file.reads, net.reads),
    probes: use(file.probes),
    writes: use(file.writes),
    deletes: use(file.deletes),
    executes: use(file.executes),
    creates: use(file.creates),
    recursive: file.recursive,
    net,
    uploads: use(net.uploads),
    downloads: use(net.downloads),
    otherArgs,
    secretVariables,
  };
}

function pathLabel(uses: readonly PathUse[]): Label {
  let label: Label = 0;
  for (const use of uses) {
    const sensitivity = sensitivityOf(use.traits);
    const useLabel: Label = sensitivity === 'secret' ? 3 : sensitivity === 'private' ? 2 : 1;
    if (useLabel > label) label = useLabel;
  }
  return label;
}

/** What a program run inside a container prints: a database's dump, or the container's environment. */
function containedLabel(cmd: SimpleCommand): Label {
  const inner = programInContainer(cmd);
  const program = inner?.[0]?.replace(/^.*\//u, '');
  if (program === undefined) return 0;
  if (program === 'env' || program === 'printenv') return 3;
  return DATA_DUMPERS.has(program) && program !== 'sqlite3' ? 2 : 0;
}

export function lineFactsOf(commands: readonly SimpleCommand[], judge: Judge): LineFacts {
  const byCommand = new Map<SimpleCommand, CommandFacts>();
  for (const cmd of commands) byCommand.set(cmd, factsFor(cmd, judge));
  const labels = new Map<SimpleCommand, Label>();
  // A file a command fills (`grep -i token app.log > /tmp/t`) carries that command's data to the
  // later commands of the line that read or send it (`curl -d @/tmp/t …`).
  const stagedLabel = (cmd: SimpleCommand, uses: readonly PathUse[], guard: number): Label => {
    let label: Label = 0;
    if (uses.length === 0) return label;
    for (const [writer, writerFacts] of byCommand) {
      if (writer.index >= cmd.index) continue;
      for (const written of writerFacts.writes)
        if (uses.some((use) => use.path.absolute === written.path.absolute))
          label = Math.max(label, labelOf(writer, guard + 1)) as Label;
    }
    return label;
  };
  const labelOf = (cmd: SimpleCommand, guard = 0): Label => {
    const cached = labels.get(cmd);
    if (cached !== undefined) return cached;
    if (guard > 64) return 1;
    const facts = byCommand.get(cmd);
    let label: Label = LITERAL_OUTPUT.has(cmd.name) ? 0 : 1;
    if (facts) {
      label = Math.max(label, pathLabel(facts.reads), pathLabel(facts.uploads)) as Label;
      if (facts.secretVariables.length > 0 || dumpsEnvironment(cmd)) label = 3;
      if (SEARCHERS.has(cmd.name) && cmd.args.some((a) => SECRET_SHAPES.test(a.text))) label = 3;
      else if (
        (DATA_DUMPERS.has(cmd.name) && cmd.name !== 'sqlite3') ||
        exportsRows(cmd) ||
        transfersZone(cmd) ||
        siteUse(cmd)?.act === 'dump' ||
        printsMail(cmd) ||
        fetchesSignedIn(cmd)
      )
        label = Math.max(label, 2) as Label;
      label = Math.max(label, containedLabel(cmd)) as Label;
      label = Math.max(label, stagedLabel(cmd, facts.reads, guard)) as Label;
    }
    if (cmd.stdinFrom) label = Math.max(label, labelOf(cmd.stdinFrom, guard + 1)) as Label;
    for (const arg of cmd.args)
      for (const from of arg.from) label = Math.max(label, labelOf(from, guard + 1)) as Label;
    labels.set(cmd, label);
    return label;
  };
  const facts = [...byCommand.values()];
  let downloaded: Set<string> | undefined;
  return {
    facts,
    labelOf: (cmd) => labelOf(cmd),
    stagedLabel: (cmd, uses) => stagedLabel(cmd, uses, 0),
    factsOf: (cmd) => byCommand.get(cmd) ?? factsFor(cmd, judge),
    downloadedPaths: () => {
      if (downloaded === undefined) {
        downloaded = new Set();
        for (const commandFacts of facts) {
          for (const d of commandFacts.downloads) downloaded.add(d.path.absolute);
          if (commandFacts.net.remotes.some((r) => r.mode !== 'listen'))
            for (const w of commandFacts.writes) downloaded.add(w.path.absolute);
        }
      }
      return downloaded;
    },
  };
}
