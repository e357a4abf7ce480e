import type { FlowLabel } from '../storage/index.js';

/** Tools whose results come from outside the workspace (the network, a fetched repository). */
const EXTERNAL_SOURCES = new Set(['http_request', 'web_fetch', 'git_clone', 'git_fetch', 'git_pull']);
const GIT_FETCHES = /\b(clone|fetch|pull)\b/u;

/** The Shield's rule for a read of a credential-bearing file. */
export const CREDENTIAL_READ_RULE = 'secrets.credential_read';

export interface LabelInput {
  readonly toolName: string;
  readonly payload: Readonly<Record<string, unknown>>;
  readonly ruleIds: readonly string[];
  /** The redactor found a secret in the result. */
  readonly redacted: boolean;
}

/** The label data the engine hands the model carries, by its source. */
export function labelOf(input: LabelInput): FlowLabel {
  if (input.redacted || input.ruleIds.includes(CREDENTIAL_READ_RULE)) return 'secret';
  if (EXTERNAL_SOURCES.has(input.toolName)) return 'external';
  if (input.toolName === 'git' && GIT_FETCHES.test(JSON.stringify(input.payload))) return 'external';
  return 'workspace';
}

export type Sink = 'network' | 'shell';

const NETWORK_COMMANDS = /(^|[\s;&|(`$])(curl|wget|nc|ncat|netcat|socat|ssh|scp|sftp|rsync|ftp|telnet|git\s+push)(\s|$)/u;
const SENDERS = /^(send_|email_|post_)/u;

function nonEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/**
 * Whether an action can carry data out (a network sink) or runs a shell. Judged from the action
 * type and its payload; a tool that sends messages or mail counts as a network sink by its name.
 */
export function sinkOf(toolName: string, payload: Readonly<Record<string, unknown>>): Sink | undefined {
  if (toolName === 'http_request') {
    const url = typeof payload['url'] === 'string' ? payload['url'] : '';
    // Headers carry data as well as a body does (an Authorization header is the classic place).
    return nonEmpty(payload['body']) || nonEmpty(payload['query']) || nonEmpty(payload['headers']) || url.includes('?') ? 'network' : undefined;
  }
  if (toolName === 'git') return /\bpush\b/u.test(JSON.stringify(payload)) ? 'network' : undefined;
  if (toolName === 'git_push') return 'network';
  if (toolName === 'execute_command') {
    const command = typeof payload['command'] === 'string' ? payload['command'] : JSON.stringify(payload);
    return NETWORK_COMMANDS.test(command) ? 'network' : 'shell';
  }
  return SENDERS.test(toolName) ? 'network' : undefined;
}
