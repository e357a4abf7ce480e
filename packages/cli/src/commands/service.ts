import { existsSync } from 'node:fs';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { homeFor, type CommandContext } from '../context.js';
import { fsError } from '../fs-errors.js';
import { lingerEnabled, onPath, systemctlUser } from '../service/systemctl.js';
import { renderUnit, SERVICE_NAME, serviceEnvPath, userUnitDir } from '../service/systemd-unit.js';

/** `bin/parapet.js` of this installation: the unit runs the same Parapet the user ran. */
const CLI_BIN = fileURLToPath(new URL('../../bin/parapet.js', import.meta.url));

function unitPath(context: CommandContext): string {
  return join(userUnitDir(context.io.env, context.io.env['HOME'] ?? homedir()), SERVICE_NAME);
}

function userName(context: CommandContext): string | undefined {
  return context.io.env['USER'] ?? userInfo().username;
}

export function registerService(program: Command, context: CommandContext): void {
  const service = program.command('service').description('run Parapet as a systemd user service, so it survives logouts and reboots');
  const { io } = context;

  service
    .command('install')
    .description('write the systemd user unit (parapet.service) for this home')
    .option('--now', 'also run systemctl --user daemon-reload and enable --now')
    .action(async (options: { now?: boolean }, command: Command) => {
      const paths = homeFor(context, command);
      const path = unitPath(context);
      const unit = renderUnit({ node: process.execPath, cli: CLI_BIN, home: paths.home });
      try {
        await mkdir(join(path, '..'), { recursive: true });
        await writeFile(path, unit, { mode: 0o644 });
      } catch (error) {
        throw fsError('write', path, error);
      }
      io.stdout.write(`wrote ${path}\n`);
      io.stdout.write(`the model's key: put e.g. OPENAI_API_KEY=… in ${serviceEnvPath(paths.home)} (chmod 600)\n`);
      const systemctl = onPath('systemctl', io.env);
      if (options.now && systemctl) {
        for (const args of [['daemon-reload'], ['enable', '--now', SERVICE_NAME]]) {
          const run = systemctlUser(systemctl, args);
          if (!run.ok) {
            io.stderr.write(`parapet: systemctl --user ${args.join(' ')} failed: ${run.output.split('\n')[0] ?? ''}\n`);
            context.exitCode = 1;
            return;
          }
        }
        io.stdout.write('enabled and started: systemctl --user status parapet\n');
      } else {
        io.stdout.write(`next: systemctl --user daemon-reload && systemctl --user enable --now ${SERVICE_NAME}\n`);
      }
      if (!lingerEnabled(userName(context))) {
        io.stdout.write('to keep it running after you log out and start it at boot: loginctl enable-linger $USER\n');
      }
    });

  service
    .command('uninstall')
    .description('remove the systemd user unit')
    .option('--now', 'also run systemctl --user disable --now first')
    .action(async (options: { now?: boolean }) => {
      const path = unitPath(context);
      const systemctl = onPath('systemctl', io.env);
      if (options.now && systemctl) systemctlUser(systemctl, ['disable', '--now', SERVICE_NAME]);
      try {
        await unlink(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          io.stdout.write(`no unit at ${path}; nothing to remove\n`);
          return;
        }
        throw fsError('remove', path, error);
      }
      io.stdout.write(`removed ${path}\n`);
      if (!options.now) io.stdout.write(`if it was running: systemctl --user disable --now ${SERVICE_NAME}; systemctl --user daemon-reload\n`);
    });

  service
    .command('status')
    .description('whether the unit is installed, for which home, and what systemd says')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const path = unitPath(context);
      const installed = existsSync(path);
      const unitHome = installed ? /^Environment=PARAPET_HOME=(.*)$/m.exec(await readFile(path, 'utf8'))?.[1] : undefined;
      const systemctl = onPath('systemctl', io.env);
      const active = installed && systemctl ? systemctlUser(systemctl, ['is-active', SERVICE_NAME]).output || 'unknown' : 'unknown';
      const linger = lingerEnabled(userName(context));
      const report = { unit: path, installed, home: unitHome ?? null, active, linger };
      if (options.json) {
        io.stdout.write(`${JSON.stringify(report)}\n`);
        return;
      }
      io.stdout.write(installed ? `installed: ${path} (home ${unitHome ?? '?'})\n` : `not installed (parapet service install writes ${path})\n`);
      if (installed) io.stdout.write(`systemd: ${systemctl ? active : 'systemctl not found'}\n`);
      io.stdout.write(linger ? 'linger: on (runs without a login)\n' : 'linger: off (stops at logout; loginctl enable-linger $USER)\n');
    });
}
