import type { Command } from 'commander';
import { ParapetError } from '@parapet/wire';
import { renderApprovalResolved } from '../approval-prompt.js';
import { answeredBy } from '../answered-by.js';
import { homeFor, withEngine, type CommandContext } from '../context.js';

interface AnswerOptions {
  readonly session?: boolean;
  readonly hash?: string;
  readonly json?: boolean;
}

/** `approve` and `deny`: one answer to a pending approval, bound to the action hash it was shown with. */
function answer(context: CommandContext, approve: boolean) {
  return async (id: string, options: AnswerOptions, command: Command): Promise<void> => {
    const { io } = context;
    await withEngine(homeFor(context, command), async (client) => {
      let actionHash = options.hash;
      if (actionHash === undefined) {
        const pending = await client.listApprovals({ pendingOnly: true, limit: 500 });
        const approval = pending.find((a) => a.id === id);
        if (!approval) throw new ParapetError('APPROVAL_NOT_FOUND', `no pending approval ${id} (parapet approvals lists them)`);
        actionHash = approval.actionHash;
      }
      const resolved = await client.resolveApproval({
        approvalId: id,
        actionHash,
        approve,
        scope: options.session ? 'session' : 'once',
        channel: 'cli',
        answeredBy: answeredBy(io),
      });
      io.stdout.write(options.json ? `${JSON.stringify(resolved)}\n` : renderApprovalResolved(resolved).trimStart());
    });
  };
}

export function registerApprove(program: Command, context: CommandContext): void {
  program
    .command('approve')
    .description('approve a pending action (parapet approvals lists them)')
    .argument('<id>', 'the approval id')
    .option('--session', 'also approve this exact action again for the rest of its session')
    .option('--hash <sha256>', 'the action hash you were shown (default: the pending approval’s)')
    .option('--json', 'print the answered approval as JSON')
    .action(answer(context, true));
}

export function registerDeny(program: Command, context: CommandContext): void {
  program
    .command('deny')
    .description('deny a pending action')
    .argument('<id>', 'the approval id')
    .option('--hash <sha256>', 'the action hash you were shown (default: the pending approval’s)')
    .option('--json', 'print the answered approval as JSON')
    .action(answer(context, false));
}
