import { homedir } from 'node:os';
import { createTwoFilesPatch } from 'diff';
import { ParapetError } from '@parapet/wire';
import { compileGrants, type CompiledPolicy, type GrantRule, type PolicyFile, type UserGrants } from '@parapet/shield';
import type { AdminApi, PolicyGrantChange, PolicyGrantInput, PolicyGrantView } from '@parapet/wire/client';
import type { Logger } from '../logging/port.js';
import type { Store } from '../storage/index.js';
import { grantRuleFor } from './grant-rule.js';
import { grantsFilePath, parseGrants, readGrantsText, textWithGrant, textWithoutGrant, writeGrantsText } from './grants-file.js';

export type PolicyGrantsApi = Pick<AdminApi, 'proposePolicyGrant' | 'addPolicyGrant' | 'listPolicyGrants' | 'removePolicyGrant'>;

export interface PolicyGrants {
  /** The Shield's port: the grants in force. */
  readonly userGrants: UserGrants;
  readonly api: PolicyGrantsApi;
}

const view = (rule: GrantRule): PolicyGrantView => ({
  name: rule.id,
  reason: rule.reason,
  actions: rule.actions ?? [],
  commands: rule.commands ?? [],
  paths: rule.paths ?? [],
});

const diffOf = (file: string, before: string, after: string): string => createTwoFilesPatch(file, file, before, after, 'now', 'with the change');

/**
 * The user's durable grants ($PARAPET_HOME/policies/grants.yaml). Only the engine writes the file,
 * on a client's request (clients hold the client token; the agent and the executor never do); the
 * executor's confinement does not reach it and the pipeline guards it as engine state.
 */
export function createPolicyGrants(deps: {
  readonly home: string;
  readonly workspace: string;
  readonly store: Store;
  readonly logger: Logger;
}): PolicyGrants {
  const file = grantsFilePath(deps.home);
  const compile = (policy: PolicyFile): CompiledPolicy => compileGrants(policy, { home: homedir(), source: file });
  let current: CompiledPolicy | undefined;
  try {
    current = compile(parseGrants(file, readGrantsText(file)));
  } catch (error) {
    // Fail closed: a grants file that does not parse grants nothing; every action is judged as before.
    deps.logger.warn({ file, err: error instanceof Error ? error.message : String(error) }, 'grants file ignored: it is not valid');
  }

  function load(): { text: string; policy: PolicyFile } {
    const text = readGrantsText(file);
    return { text, policy: parseGrants(file, text) };
  }

  function propose(input: PolicyGrantInput): { rule: GrantRule; before: string; after: string; approvalSession: string } {
    const approval = deps.store.approvals.get(input.approvalId);
    if (!approval) throw new ParapetError('APPROVAL_NOT_FOUND', `no approval with id ${input.approvalId}`);
    const action = deps.store.actions.get(approval.actionId);
    if (!action) throw new ParapetError('APPROVAL_NOT_FOUND', `the action of approval ${input.approvalId} is no longer on record`);
    const name = input.name ?? `grant.${approval.id.toLowerCase()}`;
    const { text, policy } = load();
    if (policy.rules.allow.some((rule) => rule.id === name)) throw new ParapetError('INVALID_ARGUMENT', `a grant named ${name} exists already`);
    const rule = grantRuleFor({ approval, action, name, workspace: deps.workspace, ...(input.pathGlob !== undefined ? { pathGlob: input.pathGlob } : {}) });
    const after = textWithGrant(file, text, rule);
    parseGrants(file, after);
    return { rule, before: text, after, approvalSession: approval.sessionId };
  }

  /** Writes, applies and audits a new text of the file; the file goes back if the audit fails. */
  function commit(before: string, after: string, audit: () => void): void {
    const policy = parseGrants(file, after);
    writeGrantsText(deps.home, after);
    try {
      audit();
    } catch (error) {
      writeGrantsText(deps.home, before);
      throw error;
    }
    current = compile(policy);
  }

  const api: PolicyGrantsApi = {
    proposePolicyGrant: async (input) => {
      const { rule, before, after } = propose(input);
      return { grant: view(rule), file, diff: diffOf(file, before, after), written: false };
    },
    addPolicyGrant: async (input) => {
      const { rule, before, after, approvalSession } = propose(input);
      commit(before, after, () =>
        deps.store.audit.append('POLICY_GRANTED', {
          data: { name: rule.id, approvalId: input.approvalId, approvalSessionId: approvalSession, file, rule: view(rule) },
        }),
      );
      return { grant: view(rule), file, diff: diffOf(file, before, after), written: true };
    },
    listPolicyGrants: async () => ({ file, grants: load().policy.rules.allow.map(view) }),
    removePolicyGrant: async (name) => {
      const { text, policy } = load();
      const rule = policy.rules.allow.find((candidate) => candidate.id === name);
      const after = rule ? textWithoutGrant(file, text, name) : undefined;
      if (!rule || after === undefined) throw new ParapetError('POLICY_GRANT_NOT_FOUND', `no grant named ${name} in ${file}`);
      commit(text, after, () => deps.store.audit.append('POLICY_REVOKED', { data: { name, file, rule: view(rule) } }));
      return { grant: view(rule), file, diff: diffOf(file, text, after), written: true } satisfies PolicyGrantChange;
    },
  };
  return { userGrants: { current: () => current }, api };
}
