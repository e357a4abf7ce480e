import type { Command } from 'commander';
import type { ApprovalView } from '@parapet/wire/client';
import { linePrompter, renderApprovalRequest, renderApprovalResolved } from '../approval-prompt.js';
import { answeredBy } from '../answered-by.js';
import { homeFor, withEngine, type CommandContext } from '../context.js';
import { createLineReader, type LineReader } from '../line-reader.js';
import { renderApprovals } from '../render-tables.js';

interface ApprovalsOptions {
  readonly watch?: boolean;
  readonly json?: boolean;
  readonly all?: boolean;
}

export function registerApprovals(program: Command, context: CommandContext): void {
  program
    .command('approvals')
    .description('actions waiting for a human; --watch follows every session and, on a terminal, asks you each one')
    .option('--watch', 'follow new requests (and their answers) as they come')
    .option('--json', 'print JSON (one approval, or one event with --watch, per line)')
    .option('--all', 'list answered approvals too (newest first)')
    .action(async (options: ApprovalsOptions, command: Command) => {
      const { io } = context;
      await withEngine(homeFor(context, command), async (client) => {
        if (!options.watch) {
          const approvals = await client.listApprovals({ pendingOnly: options.all !== true });
          io.stdout.write(options.json ? approvals.map((a) => `${JSON.stringify(a)}\n`).join('') : renderApprovals(approvals));
          return;
        }
        const abort = new AbortController();
        const stopListening = io.onInterrupt(() => abort.abort());
        const interactive = options.json !== true && io.stdout.isTTY === true && (io.stdin as { isTTY?: boolean }).isTTY === true;
        const lines: LineReader | undefined = interactive ? createLineReader(io.stdin, io.stdout, true) : undefined;
        lines?.interface.on('SIGINT', () => abort.abort());
        // Asked one at a time, oldest first; one answered elsewhere is skipped.
        const waiting: ApprovalView[] = [];
        const open = new Map<string, AbortController>();
        let asking = false;
        const askNext = async (): Promise<void> => {
          if (!lines || asking) return;
          asking = true;
          for (let approval = waiting.shift(); approval; approval = waiting.shift()) {
            const question = new AbortController();
            open.set(approval.id, question);
            io.stdout.write(renderApprovalRequest(approval));
            const choice = await linePrompter(lines)(approval, AbortSignal.any([question.signal, abort.signal]));
            if (open.get(approval.id) === question) open.delete(approval.id);
            if (!choice) continue;
            try {
              await client.resolveApproval({ approvalId: approval.id, actionHash: approval.actionHash, ...choice, channel: 'cli', answeredBy: answeredBy(io) });
            } catch (error) {
              io.stderr.write(`parapet: could not answer approval ${approval.id}: ${error instanceof Error ? error.message : String(error)}\n`);
            }
          }
          asking = false;
        };
        const live = (): void =>
          void io.stderr.write(`watching approvals of every session${lines ? '' : ' (answer with parapet approve ID or parapet deny ID)'}; Ctrl-C stops\n`);
        try {
          for await (const event of client.watch({}, abort.signal, { onLive: live })) {
            if (options.json) {
              io.stdout.write(`${JSON.stringify(event)}\n`);
              continue;
            }
            if (event.type === 'approval_required') {
              if (lines) {
                waiting.push(event.approval);
                void askNext();
              } else io.stdout.write(renderApprovalRequest(event.approval));
            } else if (event.type === 'approval_resolved') {
              const index = waiting.findIndex((a) => a.id === event.approval.id);
              if (index >= 0) waiting.splice(index, 1);
              const unanswered = open.get(event.approval.id);
              if (unanswered) {
                open.delete(event.approval.id);
                unanswered.abort();
                io.stdout.write('\n');
              }
              io.stdout.write(renderApprovalResolved(event.approval));
            }
          }
        } catch (error) {
          if (!abort.signal.aborted) throw error;
        } finally {
          for (const question of open.values()) question.abort();
          lines?.close();
          stopListening();
        }
      });
    });
}
