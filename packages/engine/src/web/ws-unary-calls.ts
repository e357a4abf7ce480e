import { fromProtoJson } from '@parapet/wire/proto-json';
import type { ClientApi } from '@parapet/wire/client';
import { unaryCalls as clientCalls, type UnaryCall as ClientCall } from '../server/unary-calls.js';

/** One unary ClientService call as the web socket runs it: proto3 JSON in, a typed proto message out. */
export type UnaryCall = (request: unknown) => Promise<{ readonly type: string; readonly message: object }>;

/** What the web UI does not call: a login link (a logged-in page has no use for one), policy grants, turn traces. */
const NOT_ON_THE_WEB = new Set(['CreateWebLogin', 'ProposePolicyGrant', 'AddPolicyGrant', 'ListPolicyGrants', 'RemovePolicyGrant', 'GetTrace']);

/**
 * The unary calls a browser may make: the gRPC server's own entries (same ClientApi method, same
 * validation), decoded from and encoded to proto3 JSON. The socket is the web channel and the
 * logged-in browser answers an approval, whatever the page claims.
 */
export function unaryCalls(api: ClientApi): Readonly<Record<string, UnaryCall>> {
  const calls: Record<string, ClientCall<never>> = clientCalls(api);
  const web: Record<string, UnaryCall> = {};
  for (const [method, entry] of Object.entries(calls)) {
    if (NOT_ON_THE_WEB.has(method)) continue;
    const run = entry.run as (request: object) => Promise<object>;
    web[method] = async (request) => {
      const decoded = fromProtoJson(entry.requestType, request) as object;
      const asWeb = method === 'ResolveApproval' ? { ...decoded, channel: 'web', answered_by: 'web browser' } : decoded;
      return { type: entry.responseType, message: await run(asWeb) };
    };
  }
  return web;
}
