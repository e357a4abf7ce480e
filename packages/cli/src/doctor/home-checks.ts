import { lstatSync, statSync, type Stats } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { checkDatabaseFile, runningOwner } from '@parapet/engine/client';
import { configProblems, readConfigDocument } from '../config/config-document.js';
import { errnoSentence } from '../fs-errors.js';
import type { HomePaths } from '../paths.js';
import { fail, ok, warn, type CheckResult } from './check.js';

const MIB = 1024 * 1024;

function statOrError(path: string, follow = true): Stats | NodeJS.ErrnoException {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
}

function octal(mode: number): string {
  return (mode & 0o777).toString(8).padStart(3, '0');
}

/** The home must be a folder only its owner can enter: it holds the token, the database and the logs. */
export function homeCheck(paths: HomePaths): CheckResult {
  const stats = statOrError(paths.home);
  if (stats instanceof Error) {
    return stats.code === 'ENOENT'
      ? warn('home', `${paths.home} does not exist yet`, 'parapet init')
      : fail('home', `cannot use ${paths.home}: ${errnoSentence(stats)}`, 'point PARAPET_HOME (or --home) at a folder you own');
  }
  if (!stats.isDirectory()) return fail('home', `${paths.home} is not a folder`, 'point PARAPET_HOME (or --home) at a folder, not a file');
  if (process.getuid && stats.uid !== process.getuid()) {
    return fail('home', `${paths.home} belongs to uid ${stats.uid}, not you`, `chown -R "$USER" ${paths.home}`);
  }
  if ((stats.mode & 0o077) !== 0) return warn('home', `${paths.home} is mode ${octal(stats.mode)}: others can look in`, `chmod 700 ${paths.home}`);
  return ok('home', `${paths.home} (mode 700)`);
}

/** The client token and the socket: only the owner may read the one and connect to the other. */
export function socketCheck(paths: HomePaths): CheckResult {
  const owner = runningOwner(paths.home);
  const token = statOrError(paths.tokenPath);
  const socket = statOrError(paths.socketPath, false);
  if (!owner) {
    if (!(socket instanceof Error)) return warn('socket', `${paths.socketPath} is left over from a parapet that is gone`, 'parapet start removes it');
    return warn('daemon', `not running for ${paths.home}`, 'parapet start (or parapet service install)');
  }
  if (socket instanceof Error || !socket.isSocket()) return fail('socket', `parapet (pid ${owner.pid}) runs but ${paths.socketPath} is missing`, 'parapet restart');
  if (!(token instanceof Error) && (token.mode & 0o077) !== 0) {
    return fail('socket', `${paths.tokenPath} is mode ${octal(token.mode)}: others can read the client token`, `chmod 600 ${paths.tokenPath}; parapet restart`);
  }
  return ok('daemon', `running (pid ${owner.pid}); socket ${paths.socketPath}`);
}

export async function configCheck(paths: HomePaths): Promise<CheckResult> {
  try {
    const problems = configProblems(await readConfigDocument(paths.configPath));
    if (problems.length === 0) return ok('config', `${paths.configPath} is valid`);
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    return fail('config', `config.yaml: ${problems[0] ?? ''}${more}`, 'parapet config validate lists them; parapet config set/unset fixes them');
  } catch (error) {
    return fail('config', error instanceof Error ? error.message : String(error), 'check the file\'s owner and mode');
  }
}

export function databaseChecks(paths: HomePaths): CheckResult[] {
  let integrity;
  try {
    integrity = checkDatabaseFile(paths.dbPath);
  } catch (error) {
    return [fail('database', `cannot open ${paths.dbPath}: ${error instanceof Error ? error.message : String(error)}`, 'restore it from a backup, or move it away to start afresh')];
  }
  if (!integrity) return [warn('database', `${paths.dbPath} does not exist yet`, 'parapet start creates it')];
  const results: CheckResult[] = [
    integrity.sqlite === 'ok'
      ? ok('database', `${paths.dbPath}: integrity ok`)
      : fail('database', `${paths.dbPath}: ${integrity.sqlite}`, 'restore it from a backup; keep the damaged file for inspection'),
  ];
  results.push(
    integrity.audit.ok
      ? ok('audit chain', `${integrity.audit.rows} rows, hash chain intact`)
      : fail('audit chain', integrity.audit.problem, 'the audit trail was changed outside Parapet: keep the file and investigate (parapet audit verify)'),
  );
  return results;
}

export async function diskCheck(paths: HomePaths): Promise<CheckResult> {
  let stats;
  try {
    stats = await statfs(statOrError(paths.home) instanceof Error ? '/' : paths.home);
  } catch (error) {
    return warn('disk', `cannot measure free space: ${errnoSentence(error)}`, 'check the file system of the home');
  }
  const free = stats.bavail * stats.bsize;
  const shown = `${Math.floor(free / MIB)} MiB free`;
  if (free < 100 * MIB) return fail('disk', shown, 'free disk space: the database and logs need room');
  if (free < 1024 * MIB) return warn('disk', shown, 'free some disk space soon');
  return ok('disk', shown);
}
