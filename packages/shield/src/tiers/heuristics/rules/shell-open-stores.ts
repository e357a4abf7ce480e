import { defineRule } from '../registry.js';
import { joinTexts } from '../shell/args.js';
import type { SimpleCommand } from '../shell/model.js';
import { optionValues } from '../shell/options.js';
import { NETWORK_RULES } from './network.js';
import type { ShellJudge } from './shell-judge.js';

export const OPEN_STORE_RULES = {
  openStore: defineRule(
    'network.open_data_store',
    'block',
    'serves a database to every network with its logins switched off: anyone who connects reads and changes it',
  ),
};

/** An address that means every interface of the machine. */
const EVERY_INTERFACE = /^(?:0\.0\.0\.0|::|\*)$/u;

interface StoreServer {
  /** Whether the command binds every interface, not only loopback. */
  readonly everyInterface: (cmd: SimpleCommand) => boolean;
  /** Whether the command turns the server's own logins off. */
  readonly loginsOff: (cmd: SimpleCommand) => boolean;
}

const has = (cmd: SimpleCommand, flag: string): boolean => cmd.args.some((a) => a.text === flag);
const bound = (cmd: SimpleCommand, names: readonly string[]): boolean =>
  optionValues(cmd.args, names).some((a) =>
    a.text.split(/[\s,]+/u).some((address) => EVERY_INTERFACE.test(address)),
  );
/** `-c name=value` / `--name=value` settings, as `name=value` texts. */
const settings = (cmd: SimpleCommand): string[] =>
  [
    ...optionValues(cmd.args, ['-c']).map((a) => a.text),
    ...cmd.args.filter((a) => a.text.startsWith('--')).map((a) => a.text.slice(2)),
  ].map((setting) => setting.replace(/["']/gu, '').toLowerCase());

/**
 * Data-store servers started by hand, by how they are told to listen and whom to let in. MongoDB
 * started by hand lets anyone in unless given `--auth`.
 */
const SERVERS: ReadonlyMap<string, StoreServer> = new Map([
  [
    'mongod',
    {
      everyInterface: (cmd) => has(cmd, '--bind_ip_all') || bound(cmd, ['--bind_ip']),
      loginsOff: (cmd) => has(cmd, '--noauth') || !has(cmd, '--auth'),
    },
  ],
  [
    'redis-server',
    {
      everyInterface: (cmd) => bound(cmd, ['--bind']),
      loginsOff: (cmd) =>
        /--protected-mode\s+no\b/u.test(joinTexts(cmd.args)) && !has(cmd, '--requirepass'),
    },
  ],
  [
    'mysqld',
    {
      everyInterface: (cmd) => bound(cmd, ['--bind-address']),
      loginsOff: (cmd) => has(cmd, '--skip-grant-tables'),
    },
  ],
  [
    'postgres',
    {
      everyInterface: (cmd) =>
        bound(cmd, ['-h']) || settings(cmd).some((s) => /^listen_addresses=\*$/u.test(s)),
      // Who may log in is pg_hba.conf's to say, not the command line's.
      loginsOff: () => false,
    },
  ],
]);

/** A database server listening beyond this machine asks; with its logins off it is refused. */
export const judgeOpenStores: ShellJudge = (facts, _line, judge) => {
  const { cmd } = facts;
  const server = SERVERS.get(cmd.name);
  if (server === undefined || !server.everyInterface(cmd)) return;
  const command = `${cmd.name} ${joinTexts(cmd.args)}`;
  judge.findings.add(
    server.loginsOff(cmd) ? OPEN_STORE_RULES.openStore : NETWORK_RULES.listener,
    command,
  );
};
