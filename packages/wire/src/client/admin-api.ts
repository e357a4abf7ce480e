import type { SessionSummary } from './client-api.js';

/** One allow rule of the user's grants file, as clients see it. */
export interface PolicyGrantView {
  readonly name: string;
  readonly reason: string;
  readonly actions: readonly string[];
  readonly commands: readonly string[];
  readonly paths: readonly string[];
}

/** A grant change: the rule, the grants file it touches and that file's unified diff. */
export interface PolicyGrantChange {
  readonly grant: PolicyGrantView;
  readonly file: string;
  readonly diff: string;
  readonly written: boolean;
}

export interface PolicyGrantInput {
  readonly approvalId: string;
  /** Absent: `grant.<approval id>`. */
  readonly name?: string;
  /** File actions: a wider glob that must still cover the approved path; absent: the exact path. */
  readonly pathGlob?: string;
}

/**
 * Sessions and durable grants, for clients holding the client token. Unknown ids throw
 * SESSION_NOT_FOUND / APPROVAL_NOT_FOUND / POLICY_GRANT_NOT_FOUND.
 */
export interface AdminApi {
  renameSession(sessionId: string, title: string): Promise<SessionSummary>;
  /** SESSION_BUSY while a turn is queued or running or an approval is pending. */
  deleteSession(sessionId: string): Promise<{ readonly sessionId: string; readonly messagesDeleted: number }>;
  /** The narrowest rule covering the approved action, and the diff adding it would make. */
  proposePolicyGrant(input: PolicyGrantInput): Promise<PolicyGrantChange>;
  /** Writes that rule; the Shield applies it to the next action. */
  addPolicyGrant(input: PolicyGrantInput): Promise<PolicyGrantChange>;
  listPolicyGrants(): Promise<{ readonly file: string; readonly grants: readonly PolicyGrantView[] }>;
  removePolicyGrant(name: string): Promise<PolicyGrantChange>;
}
