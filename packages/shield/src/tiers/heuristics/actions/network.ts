import { secretValueIn } from '../content/secrets.js';
import { usePath, type Judge } from '../judge.js';
import { labelsCarryData, parseRemote } from '../network/hosts.js';
import { defineRule } from '../registry.js';
import { decodePercent } from '../decode/escapes.js';
import { judgeRead } from '../rules/locations.js';
import { encodedBlobIn, NETWORK_RULES } from '../rules/network.js';
import { judgeProse } from '../rules/prose.js';
import { PAYLOAD_RULES, stringField, stringList, stringsIn } from './fields.js';

export const HTTP_EMAIL_RULES = {
  methodUnstated: defineRule('http.method_unstated', 'escalate', 'does not say which HTTP method it uses'),
  unusualScheme: defineRule('http.unusual_scheme', 'escalate', 'uses a URL scheme other than http(s)'),
  externalRecipient: defineRule('email.external_recipient', 'escalate', 'sends e-mail to recipients outside this machine'),
  sensitiveAttachment: defineRule('exfil.sensitive_attachment', 'block', 'attaches credentials or private files to an e-mail'),
  outsideAttachment: defineRule('email.outside_attachment', 'escalate', 'attaches a file from outside the workspace'),
};
const R = HTTP_EMAIL_RULES;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function judgeHttpRequest(payload: Readonly<Record<string, unknown>>, judge: Judge): void {
  const f = judge.findings;
  const url = stringField(payload, ['url'], judge);
  if (url === undefined) return;
  const remote = parseRemote(url);
  if (remote === undefined) return f.add(PAYLOAD_RULES.malformedField, 'url');
  if (remote.scheme === 'file') return judgeRead(usePath(decodePercent(remote.path), judge.scope), judge, { fileTool: true });
  if (remote.scheme !== 'http' && remote.scheme !== 'https') f.add(R.unusualScheme, remote.scheme ?? url);
  if (remote.kind === 'metadata') return f.add(NETWORK_RULES.cloudMetadata, remote.host);
  if (remote.kind === 'loopback') return;
  if (remote.kind === 'dynamic' || labelsCarryData(remote.host)) f.add(NETWORK_RULES.dataInHostname, remote.host);
  const method = stringField(payload, ['method'], judge)?.toUpperCase();
  if (method === undefined) f.add(R.methodUnstated);
  const bodyTexts = [...stringsIn(payload['body']), ...stringsIn(payload['json'])];
  const queryTexts = [decodePercent(remote.query), ...stringsIn(payload['query']), ...stringsIn(payload['params'])];
  if (encodedBlobIn(remote.query)) f.add(NETWORK_RULES.encodedQuery, remote.host);
  for (const text of bodyTexts) if (text.trim() !== '') judgeProse(text, judge, 'outbound');
  for (const text of queryTexts) if (text.trim() !== '') judgeProse(text, judge, 'outbound', { weakSecretsEscalate: false });
  for (const header of stringsIn(payload['headers'])) {
    const secret = secretValueIn(header);
    if (secret !== undefined) f.add(NETWORK_RULES.sensitiveData, `${secret} in a header`);
  }
  if ((method !== undefined && !READ_METHODS.has(method)) || bodyTexts.some((t) => t.trim() !== '')) f.add(NETWORK_RULES.networkSend, remote.host);
}

const ADDRESS = /^[^\s@<>]+@([^\s@<>]+)$/u;

export function judgeEmail(payload: Readonly<Record<string, unknown>>, judge: Judge): void {
  const f = judge.findings;
  const recipients = stringList(payload, ['to', 'cc', 'bcc'], judge).map((r) => r.replace(/^.*<|>$/gu, '').trim());
  for (const r of recipients) {
    const m = ADDRESS.exec(r);
    if (!m) f.add(PAYLOAD_RULES.malformedField, `recipient ${r}`);
    else if (!/^(?:localhost|127\.0\.0\.1)$/iu.test(m[1] ?? '')) f.add(R.externalRecipient, m[1]);
  }
  for (const text of [...stringsIn(payload['subject']), ...stringsIn(payload['body']), ...stringsIn(payload['html'])]) judgeProse(text, judge, 'outbound');
  for (const file of stringList(payload, ['attachments', 'attachment'], judge)) {
    const use = usePath(file, judge.scope);
    if (use.traits.secret !== undefined || use.traits.private !== undefined || use.traits.agentControl !== undefined) f.add(R.sensitiveAttachment, file);
    else if (!use.path.inWorkspace) f.add(R.outsideAttachment, file);
  }
}
