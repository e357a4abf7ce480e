import { judgeDatabasePrivileges } from './database-privileges.js';
import { judgeDatabasePrograms } from './database-programs.js';
import { usePath } from '../judge.js';
import { defineRule } from '../registry.js';
import { utf8Text } from '../shell/bytes.js';
import type { LineFacts } from '../shell/facts.js';
import type { SimpleCommand } from '../shell/model.js';
import { hasFlag, operands, optionValues, options } from '../shell/options.js';
import type { ShellJudge } from './shell-judge.js';
import { caseless } from '../../../caseless.js';
import { joinTexts } from '../shell/args.js';
import { alternation } from '../text/word-list.js';
import { killsOnlyDevTools } from './dev-tool-kill.js';
import {
  DEV_DATABASE_RULES,
  dropsOnlyDevDatabases,
  dropsSchemasOfDevDatabase,
} from './dev-database.js';

export const SHELL_DESTRUCTIVE_RULES = {
  formatDisk: defineRule('destructive.format_disk', 'block', 'formats or repartitions a disk'),
  shutdown: defineRule('destructive.system_shutdown', 'block', 'shuts down or reboots the machine'),
  forkBomb: defineRule('destructive.fork_bomb', 'block', 'starts a fork bomb'),
  killAll: defineRule('destructive.kill_all', 'block', 'kills every process or init'),
  killProcesses: defineRule('destructive.kill_processes', 'escalate', 'kills processes by name'),
  killHarness: defineRule(
    'security.kill_harness',
    'block',
    'kills the agent harness or its Shield',
  ),
  noPreserveRoot: defineRule(
    'destructive.no_preserve_root',
    'block',
    'disables the safeguard against deleting /',
  ),
  databaseDestroy: defineRule(
    'destructive.database_destroy',
    'escalate',
    'drops, truncates or empties database tables',
  ),
  databaseClient: defineRule(
    'exec.database_client',
    'escalate',
    'runs statements against a database',
  ),
  databaseDrop: defineRule(
    'destructive.database_drop',
    'block',
    'drops a whole database or schema',
  ),
  shred: defineRule('destructive.shred', 'escalate', 'overwrites files beyond recovery'),
  worldWritable: defineRule(
    'files.world_writable',
    'block',
    'makes files outside the workspace, or whole trees, writable by everyone',
  ),
  worldWritableLocal: defineRule(
    'files.world_writable_local',
    'escalate',
    'makes a file writable by everyone',
  ),
  recursivePermissions: defineRule(
    'files.recursive_permissions',
    'escalate',
    'changes permissions or ownership of a whole tree',
  ),
  moveToNull: defineRule('destructive.move_to_null', 'block', 'moves files onto /dev/null'),
};

const DISK_TOOLS = new Set([
  'mkfs',
  'mke2fs',
  'mkswap',
  'wipefs',
  'fdisk',
  'sfdisk',
  'cfdisk',
  'gdisk',
  'sgdisk',
  'parted',
  'blkdiscard',
  'badblocks',
  'hdparm',
  'diskutil',
  'format',
]);
/** `mkfs.ext4`, `mkfs.vfat` …: the per-filesystem front ends. */
const isDiskTool = (name: string): boolean =>
  DISK_TOOLS.has(name) || (name.startsWith('mkfs.') && /^mkfs\.\w+$/u.test(name));
const SHUTDOWN = new Set(['shutdown', 'reboot', 'halt', 'poweroff', 'kexec']);
/** `shutdown -c` calls off a pending shutdown; `--show` only says whether one is pending. */
function cancelsShutdown(cmd: SimpleCommand): boolean {
  return (
    cmd.name === 'shutdown' &&
    cmd.args.length > 0 &&
    cmd.args.every((a) => a.text === '-c' || a.text === '--show' || a.text === '--no-wall')
  );
}
/** Programs that run the statements they are given (SQL, Redis, MongoDB). */
export const DB_CLIENTS = new Set([
  'psql',
  'snowsql',
  'mysql',
  'mariadb',
  'sqlite3',
  'mongo',
  'mongosh',
  'redis-cli',
  'sqlcmd',
  'clickhouse-client',
  'cqlsh',
  'duckdb',
]);
const DROPPABLE_OBJECTS = ['TABLE', 'DATABASE', 'SCHEMA', 'INDEX', 'VIEW', 'COLLECTION', 'USER'];
/** SQL, Redis and MongoDB statements that delete a whole table, database or store. */
const DESTRUCTIVE_STATEMENTS = [
  new RegExp(String.raw`DROP\s+(?:${alternation(DROPPABLE_OBJECTS)})`, 'u'),
  /TRUNCATE\b/u,
  /DELETE\s+FROM\s+\S+\s*(?:;|$)/u,
  'FLUSHALL',
  'FLUSHDB',
  'dropDatabase',
  '.drop()',
  /\.deleteMany\(\s*\{\s*\}\s*\)/u,
];
const DESTRUCTIVE_SQL = caseless(
  new RegExp(String.raw`\b(?:${alternation(DESTRUCTIVE_STATEMENTS)})`, 'iu'),
);

/** Options that carry statements inline: SnowSQL's `-q` is psql's `-q`uiet. */
function inlineStatementOptions(cmd: SimpleCommand): string[] {
  return cmd.name === 'snowsql'
    ? ['-q', '--query']
    : ['-c', '--command', '-e', '--execute', '--eval'];
}

function visibleStatements(cmd: SimpleCommand): boolean {
  const inline = optionValues(cmd.args, inlineStatementOptions(cmd));
  return (
    inline.length > 0 &&
    !inline.some((a) => a.dynamic) &&
    !cmd.args.some((a) => a.text === '-f' || a.text.startsWith('--file'))
  );
}

/** Where a project keeps the schema changes it applies to its own database. */
const MIGRATION_DIR = /(?:^|\/)(?:migrations?|migrate|db|database|schema|sql)\//iu;

/**
 * `psql "$DATABASE_URL" -f migrations/014.sql`: the project's own migration, checked in beside its
 * code, run the way its tooling runs it. The connection string is used, not revealed.
 */
function runsOwnMigration(cmd: SimpleCommand, judge: Parameters<ShellJudge>[2]): boolean {
  if (optionValues(cmd.args, ['-c', '--command', '-e', '--execute', '--eval']).length > 0)
    return false;
  const files = optionValues(cmd.args, ['-f', '--file']);
  return (
    files.length > 0 &&
    files.every(
      (file) =>
        !file.dynamic &&
        MIGRATION_DIR.test(file.text) &&
        /\.sql$/iu.test(file.text) &&
        usePath(file.text, judge.scope, cmd.cwd).path.inWorkspace,
    )
  );
}

const DROP_DATABASE = caseless(/\bDROP\s+(?:DATABASE|SCHEMA)\b|\bdropDatabase\b|\bFLUSHALL\b/iu);

/** The agent harness and its Shield, by the names its processes and services run under. */
const HARNESS = /\b(?:parapet|shield)/iu;
const PROCESS_FINDERS = new Set(['pgrep', 'pidof', 'pidofproc']);

/**
 * `kill $(pgrep -f parapet)`, `systemctl --user stop parapet`: stopping the harness switches off
 * every check on what the agent does next.
 */
function stopsHarness(cmd: SimpleCommand, line: string, lineFacts: LineFacts): boolean {
  if (cmd.name === 'kill' || cmd.name === 'xargs') {
    return (
      HARNESS.test(line) ||
      lineFacts.facts.some(
        (other) => PROCESS_FINDERS.has(other.cmd.name) && HARNESS.test(other.argsText),
      )
    );
  }
  if (cmd.name === 'systemctl' || cmd.name === 'service' || cmd.name === 'launchctl') {
    return (
      /\b(?:stop|kill|disable|mask|restart|unload|bootout|remove)\b/u.test(line) &&
      HARNESS.test(line)
    );
  }
  return false;
}

function isForkBomb(cmd: SimpleCommand): boolean {
  return (
    cmd.inFunction !== undefined &&
    cmd.name === cmd.inFunction.toLowerCase() &&
    (cmd.stdoutTo !== undefined || cmd.stdinFrom !== undefined || cmd.background)
  );
}

/** World-writable modes: `o+w`, `a=rwx`, or an octal whose "others" digit has the write bit. */
function grantsWorldWrite(mode: string): boolean {
  if (/^[0-7]{3,4}$/u.test(mode)) return (parseInt(mode.slice(-1), 8) & 2) !== 0;
  return mode.split(',').some((clause) => {
    const clauseParts = /^([ugoa]*)([+=])([rwxXst]*)$/u.exec(clause);
    return (
      clauseParts !== null &&
      /[oa]/u.test(clauseParts[1] ?? '') &&
      (clauseParts[3] ?? '').includes('w')
    );
  });
}

function judgePermissions(
  facts: Parameters<ShellJudge>[0],
  judge: Parameters<ShellJudge>[2],
): void {
  const cmd = facts.cmd;
  if (!['chmod', 'chown', 'chgrp'].includes(cmd.name)) return;
  const recursive = hasFlag(cmd.args, 'R', ['--recursive']);
  const outside = facts.writes.some((w) => !w.path.inWorkspace);
  if (cmd.name === 'chmod') {
    const mode = operands(cmd.args, options('--reference'))[0]?.text ?? '';
    if (grantsWorldWrite(mode)) {
      judge.findings.add(
        recursive || outside
          ? SHELL_DESTRUCTIVE_RULES.worldWritable
          : SHELL_DESTRUCTIVE_RULES.worldWritableLocal,
        `chmod ${mode}`,
      );
      return;
    }
  }
  if (recursive)
    judge.findings.add(SHELL_DESTRUCTIVE_RULES.recursivePermissions, joinTexts(cmd.args));
}

/**
 * What statements given to a database client do: drop or empty its data, grant rights, run
 * programs. Whether they drop or empty anything.
 */
export function judgeDatabaseStatements(
  cmd: SimpleCommand,
  statements: string,
  judge: Parameters<ShellJudge>[2],
): boolean {
  const findings = judge.findings;
  let destroys = true;
  if (
    DROP_DATABASE.test(statements) &&
    (dropsOnlyDevDatabases(statements) || dropsSchemasOfDevDatabase(statements, cmd))
  )
    findings.add(DEV_DATABASE_RULES.devDatabaseDrop, DROP_DATABASE.exec(statements)?.[0]);
  else if (DROP_DATABASE.test(statements))
    findings.add(SHELL_DESTRUCTIVE_RULES.databaseDrop, DROP_DATABASE.exec(statements)?.[0]);
  else if (DESTRUCTIVE_SQL.test(statements))
    findings.add(SHELL_DESTRUCTIVE_RULES.databaseDestroy, DESTRUCTIVE_SQL.exec(statements)?.[0]);
  else destroys = false;
  judgeDatabasePrivileges(statements, findings);
  judgeDatabasePrograms(cmd.name, statements, judge);
  return destroys;
}

export const judgeShellDestructive: ShellJudge = (facts, lineFacts, judge) => {
  const cmd = facts.cmd;
  const findings = judge.findings;
  const line = facts.argsText;
  if (
    isDiskTool(cmd.name) &&
    !/^-?-?(?:l|list|help|version)$/u.test(cmd.args[0]?.text ?? '') &&
    !(cmd.name === 'diskutil' && /^(?:list|info)\b/u.test(line))
  ) {
    findings.add(SHELL_DESTRUCTIVE_RULES.formatDisk, `${cmd.name} ${line}`);
  }
  if (
    (SHUTDOWN.has(cmd.name) && !cancelsShutdown(cmd)) ||
    (cmd.name === 'init' && /^[06]$/u.test(cmd.args[0]?.text ?? '')) ||
    (cmd.name === 'systemctl' &&
      /\b(?:poweroff|reboot|halt|kexec|suspend|hibernate|rescue|emergency)\b/u.test(line))
  ) {
    findings.add(SHELL_DESTRUCTIVE_RULES.shutdown, `${cmd.name} ${line}`);
  }
  if (isForkBomb(cmd)) findings.add(SHELL_DESTRUCTIVE_RULES.forkBomb, cmd.inFunction);
  if (
    cmd.name === 'kill' &&
    cmd.args.some((a) => a.text === '-1' || a.text === '1') &&
    !cmd.args.some((a) => /^-l$/u.test(a.text))
  )
    findings.add(SHELL_DESTRUCTIVE_RULES.killAll, `kill ${line}`);
  if (cmd.name === 'killall5') findings.add(SHELL_DESTRUCTIVE_RULES.killAll, cmd.name);
  if ((cmd.name === 'pkill' || cmd.name === 'killall') && HARNESS.test(line))
    findings.add(SHELL_DESTRUCTIVE_RULES.killHarness, `${cmd.name} ${line}`);
  else if ((cmd.name === 'pkill' || cmd.name === 'killall') && !killsOnlyDevTools(cmd))
    findings.add(SHELL_DESTRUCTIVE_RULES.killProcesses, `${cmd.name} ${line}`);
  if (stopsHarness(cmd, line, lineFacts))
    findings.add(SHELL_DESTRUCTIVE_RULES.killHarness, `${cmd.name} ${line}`);
  if (cmd.args.some((a) => a.text === '--no-preserve-root'))
    findings.add(SHELL_DESTRUCTIVE_RULES.noPreserveRoot, `${cmd.name} ${line}`);
  if (DB_CLIENTS.has(cmd.name)) {
    const piped = cmd.stdinFrom?.staticOutput;
    const statements = [line, cmd.stdinText ?? '', piped === undefined ? '' : utf8Text(piped)].join(
      '\n',
    );
    // Statements the Shield can read and found harmless need no human; a file or a session it cannot see does.
    if (
      !judgeDatabaseStatements(cmd, statements, judge) &&
      cmd.name !== 'sqlite3' &&
      cmd.name !== 'duckdb' &&
      !visibleStatements(cmd) &&
      !runsOwnMigration(cmd, judge)
    )
      findings.add(SHELL_DESTRUCTIVE_RULES.databaseClient, cmd.name);
  }
  if (['shred', 'srm', 'wipe'].includes(cmd.name))
    findings.add(SHELL_DESTRUCTIVE_RULES.shred, line);
  if (cmd.name === 'mv' && facts.writes.some((w) => w.path.absolute === '/dev/null'))
    findings.add(SHELL_DESTRUCTIVE_RULES.moveToNull, line);
  judgePermissions(facts, judge);
};
