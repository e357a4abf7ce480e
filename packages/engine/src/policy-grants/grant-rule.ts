import { homedir } from 'node:os';
import { ParapetError } from '@parapet/wire';
import {
  GRANTABLE_COMMAND_ACTIONS,
  GRANTABLE_PATH_ACTIONS,
  canonicalActionType,
  compileGrants,
  exactCommandPattern,
  exactPathGlob,
  extractFacts,
  policyFileSchema,
  type GrantRule,
} from '@parapet/shield';
import type { ActionRecord, ApprovalRecord } from '../storage/index.js';

/** Shell control characters: the policy's allow rules never vouch for a compound command. */
const SHELL_COMPOUND = /[;&|`<>\n\r]|\$\(/u;
const MAX_REASON_CHARS = 240;

const invalid = (message: string): ParapetError => new ParapetError('INVALID_ARGUMENT', message);

export interface GrantRuleRequest {
  readonly approval: ApprovalRecord;
  readonly action: ActionRecord;
  readonly name: string;
  readonly pathGlob?: string;
  /** Canonical workspace root, as the Shield sees it. */
  readonly workspace: string;
}

function reasonFor(approval: ApprovalRecord): string {
  const by = approval.answeredBy === '' ? 'you' : approval.answeredBy;
  const summary = approval.summary.replace(/\s+/gu, ' ').trim();
  const text = `approved by ${by} on ${approval.answeredAt.slice(0, 10)} (approval ${approval.id}): ${summary}`;
  return [...text].length > MAX_REASON_CHARS ? `${[...text].slice(0, MAX_REASON_CHARS - 1).join('')}…` : text;
}

function commandOf(payload: unknown): string {
  const command = (payload as Record<string, unknown> | null)?.['command'];
  if (typeof command !== 'string' || command.trim() === '') throw invalid('the approved command is not on record');
  if (SHELL_COMPOUND.test(command)) {
    throw invalid('a compound command (;, &, |, redirection, backquotes or $(…)) cannot become a grant: allow rules never vouch for one');
  }
  return command;
}

/**
 * The narrowest rule that covers the approved action: its exact command, or its exact path(s)
 * (or the user's wider glob). Checked against the action itself: a rule that would not allow it
 * again is refused rather than written.
 */
export function grantRuleFor(request: GrantRuleRequest): GrantRule {
  const { approval, action } = request;
  if (approval.state !== 'approved') throw invalid(`approval ${approval.id} is ${approval.state}: only an approved action can become a grant`);
  const type = canonicalActionType(action.type);
  const base = { id: request.name, reason: reasonFor(approval) };
  let rule: GrantRule;
  if ((GRANTABLE_COMMAND_ACTIONS as readonly string[]).includes(type ?? '')) {
    if (request.pathGlob !== undefined) throw invalid('--path applies to file actions; a command grant names the exact command');
    rule = { ...base, actions: ['execute_command'], commands: [exactCommandPattern(commandOf(action.payload))] };
  } else if (type !== undefined && (GRANTABLE_PATH_ACTIONS as readonly string[]).includes(type)) {
    const payload = (action.payload ?? {}) as Record<string, unknown>;
    const paths = extractFacts({ type, payload }, { home: homedir(), workspace: request.workspace }).paths;
    if (paths.length === 0) throw invalid('the approved action names no path');
    const globs = request.pathGlob !== undefined ? [request.pathGlob] : [...new Set(paths.map((p) => exactPathGlob(p, request.workspace)))];
    rule = { ...base, actions: [type], paths: globs };
  } else {
    throw invalid(`a ${action.toolName} action cannot become a grant: only commands (execute_command) and file actions can`);
  }
  const policy = policyFileSchema.safeParse({ version: 1, name: 'grants', rules: { allow: [rule] } });
  if (!policy.success) throw invalid(`the rule is not valid: ${policy.error.issues.map((issue) => issue.message).join('; ')}`);
  const covers = compileGrants(policy.data, { home: homedir(), source: '<proposal>' }).evaluate(
    { type: action.type, payload: (action.payload ?? {}) as Record<string, unknown> },
    { home: homedir(), workspace: request.workspace },
  );
  if (covers.kind !== 'allow') throw invalid('the rule would not cover the approved action (a path glob must match its path)');
  return rule;
}
