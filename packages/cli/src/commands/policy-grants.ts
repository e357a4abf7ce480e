import type { Command } from 'commander';
import type { PolicyGrantChange, PolicyGrantView } from '@parapet/wire/client';
import { confirmChange } from '../confirm.js';
import { homeFor, withEngine, type CommandContext } from '../context.js';

function renderGrant(grant: PolicyGrantView): string {
  const lines = [`${grant.name}`, `  ${grant.reason}`, `  actions: ${grant.actions.join(', ')}`];
  if (grant.commands.length > 0) lines.push(`  commands: ${grant.commands.join('  ')}`);
  if (grant.paths.length > 0) lines.push(`  paths: ${grant.paths.join('  ')}`);
  return `${lines.join('\n')}\n`;
}

const showDiff = (change: PolicyGrantChange): string => (change.diff.endsWith('\n') ? change.diff : `${change.diff}\n`);

/**
 * `parapet policy allow|rules|remove`: the user's durable grants. The engine builds, writes and
 * audits them; this side shows the change and asks before it is made.
 */
export function registerPolicyGrants(policy: Command, context: CommandContext): void {
  const { io } = context;
  policy
    .command('allow')
    .description('turn an approved action into a tier-0 rule: shows the change to your grants file, writes it when you confirm')
    .requiredOption('--from <approval>', 'the approval id (see parapet approvals --all)')
    .option('--name <name>', 'the rule name (default grant.<approval id>)')
    .option('--path <glob>', 'file actions: a wider glob that still covers the approved path (e.g. {workspace}/notes/*.md)')
    .option('--yes', 'do not ask (for scripts)')
    .option('--json', 'print the change as JSON')
    .action(async (options: { from: string; name?: string; path?: string; yes?: boolean; json?: boolean }, command: Command) => {
      const input = {
        approvalId: options.from,
        ...(options.name !== undefined ? { name: options.name } : {}),
        ...(options.path !== undefined ? { pathGlob: options.path } : {}),
      };
      const change = await withEngine(homeFor(context, command), async (client) => {
        const proposal = await client.proposePolicyGrant(input);
        if (!options.json) io.stdout.write(showDiff(proposal));
        if (!(await confirmChange(io, `add grant ${proposal.grant.name} to ${proposal.file}?`, options.yes))) return proposal;
        return client.addPolicyGrant(input);
      });
      if (options.json) io.stdout.write(`${JSON.stringify(change)}\n`);
      else io.stdout.write(change.written ? `added grant ${change.grant.name}: the same action now runs without asking you\n` : 'nothing written\n');
    });
  policy
    .command('rules')
    .description('list your durable grants (the rules made with policy allow)')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const list = await withEngine(homeFor(context, command), (client) => client.listPolicyGrants());
      if (options.json) {
        io.stdout.write(`${JSON.stringify(list)}\n`);
        return;
      }
      io.stdout.write(list.grants.length === 0 ? `no grants (${list.file})\n` : `${list.file}\n${list.grants.map(renderGrant).join('')}`);
    });
  policy
    .command('remove')
    .description('revoke a grant: the action it allowed asks a human again')
    .argument('<name>', 'the grant name (see parapet policy rules)')
    .option('--json', 'print the change as JSON')
    .action(async (name: string, options: { json?: boolean }, command: Command) => {
      const change = await withEngine(homeFor(context, command), (client) => client.removePolicyGrant(name));
      io.stdout.write(options.json ? `${JSON.stringify(change)}\n` : `${showDiff(change)}removed grant ${change.grant.name}\n`);
    });
}
