import type { Judge, PathUse } from '../judge.js';
import { defineRule } from '../registry.js';

export const WORKSPACE_SECRET_RULES = {
  secretFileDelete: defineRule(
    'destructive.workspace_secret_delete',
    'escalate',
    'deletes a file of the workspace that holds secrets',
  ),
};

/**
 * A key or an env file of the workspace (`.env.local`, `certs/dev-key.pem`) and nothing else
 * sensitive: deleting it reveals nothing and the chronicle keeps the workspace's last state, so a
 * person decides. Hooks, history and the harness's files are not this, nor is anything when the
 * workspace is the home itself (its keys are then the user's own).
 */
export function onlyWorkspaceSecret(use: PathUse, judge: Judge): boolean {
  const { traits, path } = use;
  return (
    path.inWorkspace &&
    judge.scope.workspace !== judge.scope.home &&
    !path.dynamic &&
    traits.secret !== undefined &&
    traits.secret !== 'shell history' &&
    traits.persistence === undefined &&
    traits.privilege === undefined &&
    traits.agentControl === undefined &&
    traits.securityControl === undefined &&
    !traits.system
  );
}
