import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { stemsOf } from '../intent/words.js';
import { userTypedCommand } from '../intent/typed-command.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { commandsOfAction } from '../shell/parse.js';
import { vaultUse } from '../shell/vault-cli.js';
import { SHELL_EXECUTION_RULES } from './shell-execution.js';
import type { ShellJudge } from './shell-judge.js';
import { SHELL_SECURITY_RULES } from './shell-security.js';

/**
 * HashiCorp Vault's CLI (shell/vault-cli.ts). Secret values are judged with the other credential
 * tools (rules/shell-secrets.ts); a wide policy with the other full-control grants. What is left
 * here: a login that prints its new token, a secrets engine or a secret's every version destroyed,
 * an audit device switched off, every token or lease under a path revoked.
 */
export const VAULT_RULES = {
  loginTokenShown: defineRule(
    'secrets.login_token_shown',
    'escalate',
    'signs in to a secrets store, which prints the new token',
  ),
  secretsDestroyed: defineRule(
    'destructive.secrets_destroyed',
    'escalate',
    'deletes a secrets engine, a policy or every version of a secret: what only it held is gone',
  ),
  everyTokenRevoked: defineRule(
    'identity.every_token_revoked',
    'escalate',
    'revokes every token or lease under a path, signing out everyone and everything that used them',
  ),
  everyTokenRevokedNotAsked: defineRule(
    'identity.every_token_revoked_not_asked',
    'block',
    'revokes every token or lease under a path, which the user never asked for',
  ),
};

export const judgeVault: ShellJudge = (facts, _line, judge) => {
  const use = vaultUse(facts.cmd);
  const findings = judge.findings;
  switch (use?.act) {
    case 'login':
      return findings.add(VAULT_RULES.loginTokenShown, use.detail);
    case 'destroy':
      return findings.add(VAULT_RULES.secretsDestroyed, use.detail);
    case 'audit-off':
      return findings.add(SHELL_SECURITY_RULES.securityDisabled, use.detail);
    case 'unknown':
      return findings.add(SHELL_EXECUTION_RULES.unknownCommand, use.detail);
    default:
      return;
  }
};

/** Words of a request to sign everyone out. */
const REVOKING = new Set(stemsOf('revoke logout invalidate expire kill'));
const EVERY = new Set(stemsOf('all every everyone everything'));

/** A mass revocation asks when the user's words ask for one, and is refused otherwise. */
export function judgeVaultRevocations(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  const revoking = commandsOfAction(type, payload, judge.scope)
    .map(vaultUse)
    .find((use) => use?.act === 'revoke-all');
  if (revoking === undefined) return;
  const words = request === undefined ? [] : stemsOf(request.text);
  const asked =
    userTypedCommand(payload, request) ||
    (words.some((w) => REVOKING.has(w)) && words.some((w) => EVERY.has(w)));
  judge.findings.add(
    asked ? VAULT_RULES.everyTokenRevoked : VAULT_RULES.everyTokenRevokedNotAsked,
    revoking.detail,
  );
}
