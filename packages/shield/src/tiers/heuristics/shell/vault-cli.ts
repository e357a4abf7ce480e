import type { SimpleCommand } from './model.js';
import { operands, options } from './options.js';

/**
 * What HashiCorp Vault's CLI does:
 * - `look`: status, lists of names (secrets, policies, auth methods, keys of a path), a policy;
 * - `secret`: prints secret values or a token (`read`, `kv get`, `token lookup`, `token create`);
 * - `login`: signs in (and prints the new token unless `-no-print`);
 * - `change`: writes a secret or a setting, renews or revokes one token or lease;
 * - `revoke-all`: revokes every token or lease under a path (`-mode=path`, `-prefix`, `-force`);
 * - `destroy`: deletes a secrets engine or every version of a secret;
 * - `audit-off`: switches an audit device off;
 * - `unknown`: anything else (the operator's commands among them: seal, generate-root, raft).
 */
export type VaultAct =
  'look' | 'secret' | 'login' | 'change' | 'revoke-all' | 'destroy' | 'audit-off' | 'unknown';

export interface VaultUse {
  readonly act: VaultAct;
  /** `vault kv get`, for a reason shown to a person. */
  readonly detail: string;
}

const VALUES = options('-address -namespace -format -field -mount -method -path -mode -ca-cert');
const LOOKS = new Set(['status', 'version', 'path-help', 'print']);

function act(words: readonly string[], cmd: SimpleCommand): VaultAct {
  const [sub = '', verb = ''] = words;
  // Vault's flags take one dash or two, and a value after `=` or a space.
  const everything = cmd.args.some(
    (arg, at) =>
      /^--?(?:prefix|force|mode=path)(?:=true)?$/u.test(arg.text) ||
      (/^--?mode$/u.test(arg.text) && cmd.args[at + 1]?.text === 'path'),
  );
  switch (sub) {
    case 'read':
      return 'secret';
    case 'write':
      return 'change';
    case 'login':
      return cmd.args.some((arg) => arg.text === '-no-print') ? 'change' : 'login';
    case 'kv':
      if (verb === 'get') return 'secret';
      if (verb === 'list' || (verb === 'metadata' && words[2] === 'get')) return 'look';
      if (verb === 'put' || verb === 'patch' || verb === 'rollback' || verb === 'undelete')
        return 'change';
      if (verb === 'delete') return 'change';
      if (verb === 'destroy' || verb === 'metadata') return 'destroy';
      return 'unknown';
    case 'token':
      if (verb === 'lookup' || verb === 'create') return 'secret';
      if (verb === 'capabilities') return 'look';
      if (verb === 'renew') return 'change';
      if (verb === 'revoke') return everything ? 'revoke-all' : 'change';
      return 'unknown';
    case 'lease':
      if (verb === 'lookup') return 'look';
      if (verb === 'renew') return 'change';
      if (verb === 'revoke') return everything ? 'revoke-all' : 'change';
      return 'unknown';
    case 'policy':
      if (verb === 'list' || verb === 'read' || verb === 'fmt') return 'look';
      if (verb === 'write') return 'change';
      if (verb === 'delete') return 'destroy';
      return 'unknown';
    case 'secrets':
    case 'auth':
      if (verb === 'list') return 'look';
      if (verb === 'enable' || verb === 'tune' || verb === 'move') return 'change';
      if (verb === 'disable') return 'destroy';
      return 'unknown';
    case 'audit':
      if (verb === 'list') return 'look';
      if (verb === 'disable') return 'audit-off';
      return verb === 'enable' ? 'change' : 'unknown';
    default:
      return LOOKS.has(sub) ? 'look' : 'unknown';
  }
}

export function vaultUse(cmd: SimpleCommand): VaultUse | undefined {
  if (cmd.name !== 'vault') return undefined;
  const words = operands(cmd.args, VALUES).map((arg) => arg.text);
  return { act: act(words, cmd), detail: `vault ${words.slice(0, 2).join(' ')}`.trim() };
}
