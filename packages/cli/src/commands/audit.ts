import type { Command } from 'commander';
import { verifyAuditFile } from '@parapet/engine/client';
import { type AuditVerification } from '@parapet/wire/client';
import { ParapetError } from '@parapet/wire';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import type { HomePaths } from '../paths.js';
import { renderAudit } from '../render-tables.js';

/** Asks the running engine; when none runs, reads the database file itself, read-only. */
async function verify(paths: HomePaths): Promise<{ result: AuditVerification; source: string }> {
  try {
    return { result: await withEngine(paths, (client) => client.verifyAudit()), source: 'checked by the engine' };
  } catch (error) {
    if (!(error instanceof ParapetError) || error.code !== 'ENGINE_UNAVAILABLE') throw error;
    return { result: verifyAuditFile(paths.dbPath), source: `engine not running; read ${paths.dbPath} read-only` };
  }
}

export function registerAudit(program: Command, context: CommandContext): void {
  const audit = program.command('audit').description('the tamper-evident audit trail');
  audit
    .command('verify')
    .description('walk the audit hash chain; exit 0 when it holds, 1 naming the first bad row')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const { result, source } = await verify(homeFor(context, command));
      context.io.stdout.write(options.json ? `${JSON.stringify(result)}\n` : renderAudit(result, source));
      if (!result.ok) context.exitCode = 1;
    });
}
