import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';

/**
 * Cloud and cluster deletions whose targets a listing chooses at run time (`… | xargs aws ec2
 * delete-snapshot`, `kubectl delete $(kubectl get … -o name)`): nobody, the approver included,
 * can see what goes, and deleted snapshots, volumes or namespaces do not come back.
 */
export const INFRASTRUCTURE_RULES = {
  bulkDelete: defineRule(
    'destructive.bulk_infrastructure_delete',
    'block',
    'deletes cloud or cluster resources that a listing picks at run time',
  ),
};

/** `delete`, `delete-snapshot`, `terminate-instances`, `destroy`, `rb` (remove bucket), `rm`. */
export const DELETING =
  /^(?:delete|destroy|terminate|purge|remove|rb|rm)(?:-[\w-]+)?$|^[\w-]+-(?:delete|destroy)$/u;

export function judgeInfrastructureDelete(cmd: SimpleCommand, judge: Judge): void {
  const verb = cmd.args.find((a) => DELETING.test(a.text));
  if (verb === undefined) return;
  const picked =
    cmd.wrappers.includes('xargs') || cmd.args.some((a) => a.dynamic && a.from.length > 0);
  if (picked) judge.findings.add(INFRASTRUCTURE_RULES.bulkDelete, `${cmd.name} ${verb.text}`);
}
