import { join } from 'node:path';

export const SERVICE_NAME = 'parapet.service';

export interface UnitInput {
  /** Absolute path of the node binary that runs Parapet. */
  readonly node: string;
  /** Absolute path of `bin/parapet.js`. */
  readonly cli: string;
  readonly home: string;
}

/** `$XDG_CONFIG_HOME/systemd/user` (default `~/.config/systemd/user`): where systemd looks for user units. */
export function userUnitDir(env: Readonly<Record<string, string | undefined>>, homeDir: string): string {
  const xdg = env['XDG_CONFIG_HOME']?.trim();
  return join(xdg ? xdg : join(homeDir, '.config'), 'systemd', 'user');
}

/** systemd quotes: a path with spaces or quotes must stay one argument. */
function quoted(value: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(value) ? value : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The environment file the unit reads: the model's key lives there, never in the unit. */
export function serviceEnvPath(home: string): string {
  return join(home, 'service.env');
}

export function renderUnit(input: UnitInput): string {
  return `# Written by \`parapet service install\`; \`parapet service uninstall\` removes it.
[Unit]
Description=Parapet personal AI agent daemon
After=network-online.target

[Service]
Type=simple
Environment=PARAPET_HOME=${quoted(input.home)}
# The model's key variable (e.g. OPENAI_API_KEY=...) goes here, one VAR=value a line, mode 0600.
EnvironmentFile=-${quoted(serviceEnvPath(input.home))}
ExecStart=${quoted(input.node)} ${quoted(input.cli)} --home ${quoted(input.home)} start
ExecReload=${quoted(input.node)} ${quoted(input.cli)} --home ${quoted(input.home)} restart
# parapet start stops its engine on SIGTERM and waits for it; parapet start itself restarts a crashed engine.
KillMode=mixed
TimeoutStopSec=30
Restart=on-failure
RestartSec=5

[Install]
WantedBy=default.target
`;
}
