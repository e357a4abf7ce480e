import { createRequire } from 'node:module';
import { Command } from 'commander';
import { registerApprovals } from './commands/approvals.js';
import { registerApprove, registerDeny } from './commands/approve.js';
import { registerAudit } from './commands/audit.js';
import { registerChat } from './commands/chat.js';
import { registerHistory } from './commands/history.js';
import { registerInit } from './commands/init.js';
import { registerModels } from './commands/models.js';
import { registerSend } from './commands/send.js';
import { registerSessions } from './commands/sessions.js';
import { registerShield } from './commands/shield.js';
import { registerStart } from './commands/start.js';
import { registerStatus } from './commands/status.js';
import { registerStop } from './commands/stop.js';
import { registerWatch } from './commands/watch.js';
import type { CommandContext } from './context.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export function buildProgram(context: CommandContext): Command {
  const { io } = context;
  const program = new Command('parapet')
    .description('A personal AI agent whose reasoning process cannot act.')
    .version(version)
    .option('--home <dir>', 'state folder (default: $PARAPET_HOME or ~/.parapet)')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
  // Commands created below inherit exitOverride and the output routing from the root.
  registerInit(program, context);
  registerStart(program, context);
  registerStop(program, context);
  registerSend(program, context);
  registerChat(program, context);
  registerSessions(program, context);
  registerHistory(program, context);
  registerStatus(program, context);
  registerAudit(program, context);
  registerShield(program, context);
  registerModels(program, context);
  registerApprovals(program, context);
  registerApprove(program, context);
  registerDeny(program, context);
  registerWatch(program, context);
  return program;
}
