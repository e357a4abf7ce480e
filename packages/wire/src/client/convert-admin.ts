import type {
  DeleteSessionResponse,
  DeleteSessionResponse__Output,
  ListPolicyGrantsResponse,
  ListPolicyGrantsResponse__Output,
  PolicyGrant,
  PolicyGrant__Output,
  PolicyGrantProposal,
  PolicyGrantProposal__Output,
} from '../index.js';
import type { PolicyGrantChange, PolicyGrantInput, PolicyGrantView } from './admin-api.js';

function grantToProto(grant: PolicyGrantView): PolicyGrant {
  return { name: grant.name, reason: grant.reason, actions: [...grant.actions], commands: [...grant.commands], paths: [...grant.paths] };
}

function grantFromProto(grant: PolicyGrant__Output | null): PolicyGrantView {
  return {
    name: grant?.name ?? '',
    reason: grant?.reason ?? '',
    actions: grant?.actions ?? [],
    commands: grant?.commands ?? [],
    paths: grant?.paths ?? [],
  };
}

export function grantChangeToProto(change: PolicyGrantChange): PolicyGrantProposal {
  return { grant: grantToProto(change.grant), file: change.file, diff: change.diff, written: change.written };
}

export function grantChangeFromProto(proposal: PolicyGrantProposal__Output): PolicyGrantChange {
  return { grant: grantFromProto(proposal.grant), file: proposal.file, diff: proposal.diff, written: proposal.written };
}

export function grantsToProto(list: { readonly file: string; readonly grants: readonly PolicyGrantView[] }): ListPolicyGrantsResponse {
  return { file: list.file, grants: list.grants.map(grantToProto) };
}

export function grantsFromProto(response: ListPolicyGrantsResponse__Output): { file: string; grants: PolicyGrantView[] } {
  return { file: response.file, grants: response.grants.map(grantFromProto) };
}

export function grantRequestToProto(input: PolicyGrantInput): { approval_id: string; name: string; path_glob: string } {
  return { approval_id: input.approvalId, name: input.name ?? '', path_glob: input.pathGlob ?? '' };
}

export function deletedToProto(deleted: { readonly sessionId: string; readonly messagesDeleted: number }): DeleteSessionResponse {
  return { session_id: deleted.sessionId, messages_deleted: deleted.messagesDeleted };
}

export function deletedFromProto(response: DeleteSessionResponse__Output): { sessionId: string; messagesDeleted: number } {
  return { sessionId: response.session_id, messagesDeleted: response.messages_deleted };
}
