import type { Command } from 'commander';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { renderLabels, renderRollback, renderSnapshotDetail, renderSnapshots } from '../render-chronicle.js';
import { positiveInteger } from './sessions.js';

/** `parapet chronicle …`: what each action could change, kept before it ran, and undo. */
export function registerChronicle(program: Command, context: CommandContext): void {
  const { io } = context;
  const chronicle = program.command('chronicle').description('undo history: snapshots taken before each change, and rollback');
  const print = (json: boolean | undefined, value: unknown, human: string): void => {
    io.stdout.write(json ? `${JSON.stringify(value)}\n` : human);
  };

  chronicle
    .command('list')
    .description('snapshots, newest first')
    .option('--session <id>', 'only this session')
    .option('--limit <n>', 'how many', positiveInteger, 50)
    .option('--json', 'print JSON')
    .action(async (options: { session?: string; limit: number; json?: boolean }, command: Command) => {
      const snapshots = await withEngine(homeFor(context, command), (client) => client.listSnapshots(options.session, options.limit));
      print(options.json, snapshots, renderSnapshots(snapshots));
    });

  chronicle
    .command('show')
    .description('the paths a snapshot kept, with modes and sizes, and what the action changed')
    .argument('<id>', 'snapshot id (see parapet chronicle list)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const detail = await withEngine(homeFor(context, command), (client) => client.showSnapshot(id));
      print(options.json, detail, renderSnapshotDetail(detail));
    });

  chronicle
    .command('diff')
    .description('unified diff of the snapshot (a/) against the workspace now (b/)')
    .argument('<id>', 'snapshot id')
    .option('--path <p>', 'only this path (workspace-relative)')
    .action(async (id: string, options: { path?: string }, command: Command) => {
      io.stdout.write(await withEngine(homeFor(context, command), (client) => client.diffSnapshot(id, options.path)));
    });

  chronicle
    .command('rollback')
    .description('put the workspace back as the snapshot kept it (the rollback is snapshotted and audited too)')
    .argument('<id>', 'snapshot id')
    .option('--path <p>', 'only this path (workspace-relative)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { path?: string; json?: boolean }, command: Command) => {
      const result = await withEngine(homeFor(context, command), (client) => client.rollbackSnapshot(id, options.path));
      print(options.json, result, renderRollback(result));
      if (result.failed.length > 0) context.exitCode = 1;
    });

  chronicle
    .command('labels')
    .description("a session's information-flow labels (secret, external, workspace) and the reads that brought them")
    .argument('<session>', 'session id')
    .option('--json', 'print JSON')
    .action(async (sessionId: string, options: { json?: boolean }, command: Command) => {
      const labels = await withEngine(homeFor(context, command), (client) => client.sessionLabels(sessionId));
      print(options.json, labels, renderLabels(labels));
    });
}
