import type { Command } from 'commander';
import { colorFor, homeToDiagnose, type CommandContext } from '../context.js';
import type { CheckResult } from '../doctor/check.js';
import { configCheck, databaseChecks, diskCheck, homeCheck, socketCheck } from '../doctor/home-checks.js';
import { classifierCheck, modelChecks } from '../doctor/model-checks.js';
import { renderDoctor } from '../doctor/render-doctor.js';
import { nodeCheck, sandboxChecks } from '../doctor/runtime-checks.js';
import type { HomePaths } from '../paths.js';

async function runChecks(paths: HomePaths, env: Readonly<Record<string, string | undefined>>): Promise<CheckResult[]> {
  const home = homeCheck(paths);
  const results: CheckResult[] = [nodeCheck(), home];
  // Nothing under a home that is a file, or unusable, can be checked.
  if (home.status !== 'fail') {
    results.push(await configCheck(paths), socketCheck(paths), ...databaseChecks(paths));
  }
  results.push(await diskCheck(paths), ...(await sandboxChecks()));
  if (home.status !== 'fail') results.push(await classifierCheck(paths), ...(await modelChecks(paths, env)));
  return results;
}

export function registerDoctor(program: Command, context: CommandContext): void {
  program
    .command('doctor')
    .description('check this machine and home: Node, sandbox layers, permissions, database and audit chain, disk, classifier, model and its fallbacks; exit 1 on any failure')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const results = await runChecks(homeToDiagnose(context, command), context.io.env);
      const failed = results.some((result) => result.status === 'fail');
      context.io.stdout.write(options.json ? `${JSON.stringify({ ok: !failed, checks: results })}\n` : renderDoctor(results, colorFor(context, command)));
      if (failed) context.exitCode = 1;
    });
}
