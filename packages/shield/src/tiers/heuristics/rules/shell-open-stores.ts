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
  openCodeServer: defineRule(
    'network.open_code_server',
    'block',
    'serves a notebook, editor or terminal to every network with its login switched off: anyone who connects runs code as the user',
  ),
};

/** An address that means every interface of the machine. */
const EVERY_INTERFACE = /^(?:0\.0\.0\.0|::|\*)$/u;

interface StoreServer {
  /** Runs code for whoever connects (a notebook, an editor, a terminal), rather than storing data. */
  readonly runsCode?: boolean;
  /** Whether the command starts the server at all (`jupyter lab`, not `jupyter nbconvert`). */
  readonly serves?: (cmd: SimpleCommand) => boolean;
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

/** Jupyter's settings that hold its login token or password (`--ServerApp.token=''`). */
const JUPYTER_LOGIN = /^(?:serverapp|notebookapp|identityprovider)\.(?:token|password)=$/u;

/**
 * Data-store and code servers started by hand, by how they are told to listen and whom to let in.
 * MongoDB started by hand lets anyone in unless given `--auth`; ttyd listens everywhere and asks
 * nobody unless given an interface and credentials.
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
    'jupyter',
    {
      runsCode: true,
      serves: (cmd) => ['notebook', 'lab', 'server'].includes(cmd.args[0]?.text ?? ''),
      everyInterface: (cmd) => bound(cmd, ['--ip', '--ServerApp.ip', '--NotebookApp.ip']),
      loginsOff: (cmd) => settings(cmd).some((setting) => JUPYTER_LOGIN.test(setting)),
    },
  ],
  [
    'code-server',
    {
      runsCode: true,
      everyInterface: (cmd) =>
        optionValues(cmd.args, ['--bind-addr']).some((a) =>
          EVERY_INTERFACE.test(a.text.replace(/:\d+$/u, '')),
        ),
      loginsOff: (cmd) => optionValues(cmd.args, ['--auth']).some((a) => a.text === 'none'),
    },
  ],
  [
    'ttyd',
    {
      runsCode: true,
      everyInterface: (cmd) => optionValues(cmd.args, ['-i', '--interface']).length === 0,
      loginsOff: (cmd) => optionValues(cmd.args, ['-c', '--credential']).length === 0,
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

/** A database or code server listening beyond this machine asks; with its logins off it is refused. */
export const judgeOpenStores: ShellJudge = (facts, _line, judge) => {
  const { cmd } = facts;
  const server = SERVERS.get(cmd.name);
  if (server === undefined || server.serves?.(cmd) === false || !server.everyInterface(cmd)) return;
  const command = `${cmd.name} ${joinTexts(cmd.args)}`;
  const open =
    server.runsCode === true ? OPEN_STORE_RULES.openCodeServer : OPEN_STORE_RULES.openStore;
  judge.findings.add(server.loginsOff(cmd) ? open : NETWORK_RULES.listener, command);
};
