import { createRequire } from 'node:module';
import { Command } from 'commander';
import { registerApprovals } from './commands/approvals.js';
import { registerApprove, registerDeny } from './commands/approve.js';
import { registerAudit } from './commands/audit.js';
import { registerChat } from './commands/chat.js';
import { registerCompletion } from './commands/completion.js';
import { registerConfig } from './commands/config.js';
import { registerDoctor } from './commands/doctor.js';
import { registerChronicle } from './commands/chronicle.js';
import { registerHistory } from './commands/history.js';
import { registerInit } from './commands/init.js';
import { registerLogs } from './commands/logs.js';
import { registerModels } from './commands/models.js';
import { registerRestart } from './commands/restart.js';
import { registerSend } from './commands/send.js';
import { registerService } from './commands/service.js';
import { registerSessions } from './commands/sessions.js';
import { registerShield } from './commands/shield.js';
import { registerStart } from './commands/start.js';
import { registerStatus } from './commands/status.js';
import { registerStop } from './commands/stop.js';
import { registerTrace } from './commands/trace.js';
import { registerWeb } from './commands/web.js';
import { registerWatch } from './commands/watch.js';
import type { CommandContext } from './context.js';

const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

export function buildProgram(context: CommandContext): Command {
  const { io } = context;
  const program = new Command('parapet')
    .description('A personal AI agent whose reasoning process cannot act.')
    .version(version)
    .option('--home <dir>', 'state folder (default: $PARAPET_HOME or ~/.parapet)')
    .option('--no-color', 'plain text, no colour (NO_COLOR in the environment does the same)')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
  // Commands created below inherit exitOverride and the output routing from the root.
  registerInit(program, context);
  registerStart(program, context);
  registerStop(program, context);
  registerRestart(program, context);
  registerSend(program, context);
  registerChat(program, context);
  registerSessions(program, context);
  registerHistory(program, context);
  registerTrace(program, context);
  registerStatus(program, context);
  registerDoctor(program, context);
  registerWeb(program, context);
  registerAudit(program, context);
  registerChronicle(program, context);
  registerShield(program, context);
  registerModels(program, context);
  registerConfig(program, context);
  registerLogs(program, context);
  registerService(program, context);
  registerCompletion(program, context);
  registerApprovals(program, context);
  registerApprove(program, context);
  registerDeny(program, context);
  registerWatch(program, context);
  return program;
}
