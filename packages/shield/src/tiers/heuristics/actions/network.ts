import { usePath, type Judge } from '../judge.js';
import { imitatesDomain, labelsCarryData, parseRemote } from '../network/hosts.js';
import { effectiveMethod } from '../network/effective-method.js';
import { judgeCheckSettings } from '../network/check-settings.js';
import { judgeInternalService } from '../network/internal-services.js';
import { judgeLookAlikeLinks } from '../network/look-alike-links.js';
import { judgeProtectionChange } from '../network/protections.js';
import { judgeRequestHeaders } from '../network/request-headers.js';
import { judgeSecretReferences } from '../network/secret-references.js';
import { judgeUrlPathData } from '../network/url-path-data.js';
import { defineRule } from '../registry.js';
import { decodePercent } from '../decode/escapes.js';
import { judgeRead } from '../rules/locations.js';
import { encodedBlobIn, NETWORK_RULES } from '../rules/network.js';
import { judgeProse } from '../rules/prose.js';
import { PAYLOAD_RULES, stringField, stringList, stringsIn } from './fields.js';
import { alternation } from '../text/word-list.js';

export const HTTP_EMAIL_RULES = {
  methodUnstated: defineRule(
    'http.method_unstated',
    'escalate',
    'does not say which HTTP method it uses',
  ),
  unusualScheme: defineRule(
    'http.unusual_scheme',
    'escalate',
    'uses a URL scheme other than http(s)',
  ),
  externalRecipient: defineRule(
    'email.external_recipient',
    'escalate',
    'sends e-mail to recipients outside this machine',
  ),
  externalAttachment: defineRule(
    'email.external_attachment',
    'escalate',
    'sends files to recipients outside this machine',
  ),
  dataExport: defineRule(
    'exfil.data_export_attachment',
    'block',
    'sends an export of records (contacts, customers, accounts, dumps) outside this machine',
  ),
  sensitiveAttachment: defineRule(
    'exfil.sensitive_attachment',
    'block',
    'attaches credentials or private files to an e-mail',
  ),
  outsideAttachment: defineRule(
    'email.outside_attachment',
    'escalate',
    'attaches a file from outside the workspace',
  ),
  controlApi: defineRule(
    'network.local_control_api',
    'block',
    "calls a local control API that runs containers or jobs with the host's privileges",
  ),
  controlApiRead: defineRule(
    'network.local_control_api_read',
    'escalate',
    "reads from a local control API that runs containers or jobs with the host's privileges (their settings and secrets among what it answers)",
  ),
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Local daemons whose HTTP API starts containers or jobs with the host's privileges: Docker, kubelet, etcd, Consul, Nomad. */
const CONTROL_API_PORTS = new Set(['2375', '2376', '10250', '10255', '2379', '8500', '4646']);
/**
 * What `docker ps`, `docker images`, `docker version` and `docker info` ask the Docker API for:
 * listings and versions, never a container's environment or files.
 */
const DOCKER_LISTING =
  /^(?:\/v\d+(?:\.\d+)?)?\/(?:containers\/json|images\/json|networks|volumes|version|info|_ping)\/?$/u;
const DOCKER_API_PORTS = new Set(['2375', '2376']);
/** A path segment of those APIs that acts (creates, runs, stops, deletes …) rather than reads. */
const CONTROL_VERB =
  /\/(?:create|exec|start|restart|run|attach|kill|stop|pause|delete|remove|rm|update|archive|commit|prune|build|push|pull|load|import|put|txn|dispatch|deploy|plan)(?=[/?#&=]|$)/iu;

/**
 * The host the engine's request goes to: it reads the URL as WHATWG URL does (undici, the policy
 * tier), which differs from the rules' own reading for forms like `https://a.example\@b.example/`.
 */
function hostFetched(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).hostname : undefined;
}

export function judgeHttpRequest(payload: Readonly<Record<string, unknown>>, judge: Judge): void {
  const findings = judge.findings;
  const url = stringField(payload, ['url'], judge);
  if (url === undefined) return;
  const remote = parseRemote(url);
  if (remote === undefined) return findings.add(PAYLOAD_RULES.malformedField, 'url');
  if (remote.scheme === 'file')
    return judgeRead(usePath(decodePercent(remote.path), judge.scope), judge, { fileTool: true });
  if (remote.scheme !== 'http' && remote.scheme !== 'https')
    findings.add(HTTP_EMAIL_RULES.unusualScheme, remote.scheme ?? url);
  if (remote.kind === 'metadata') return findings.add(NETWORK_RULES.cloudMetadata, remote.host);
  judgeInternalService(remote, judge);
  const bodyTexts = [...stringsIn(payload['body']), ...stringsIn(payload['json'])];
  const effective = effectiveMethod(payload);
  if (effective !== 'GET') judgeCheckSettings(bodyTexts, judge);
  if (remote.kind === 'loopback') {
    const port = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(?:\[[^\]]*\]|[^:/?#]*):(\d+)/iu.exec(
      url.trim(),
    )?.[1];
    const listing =
      port !== undefined &&
      DOCKER_API_PORTS.has(port) &&
      READ_METHODS.has(effective ?? '') &&
      DOCKER_LISTING.test(decodePercent(remote.path));
    if (port !== undefined && CONTROL_API_PORTS.has(port) && !listing) {
      const reads =
        READ_METHODS.has(effective ?? '') &&
        !CONTROL_VERB.test(decodePercent(`${remote.path}?${remote.query}`));
      findings.add(
        reads ? HTTP_EMAIL_RULES.controlApiRead : HTTP_EMAIL_RULES.controlApi,
        `${remote.host}:${port}`,
      );
    }
    return;
  }
  if (remote.kind === 'dynamic' || labelsCarryData(remote.host))
    findings.add(NETWORK_RULES.dataInHostname, remote.host);
  if (imitatesDomain(remote.host)) findings.add(NETWORK_RULES.deceptiveHost, remote.host);
  const fetchedFrom = hostFetched(url);
  if (fetchedFrom !== undefined && fetchedFrom !== hostFetched(`http://${remote.host}/`))
    findings.add(NETWORK_RULES.deceptiveHost, `${remote.host}, fetched from ${fetchedFrom}`);
  const method = stringField(payload, ['method'], judge)?.toUpperCase();
  if (method === undefined) findings.add(HTTP_EMAIL_RULES.methodUnstated);
  const queryTexts = [
    decodePercent(remote.query),
    ...stringsIn(payload['query']),
    ...stringsIn(payload['params']),
  ];
  if (encodedBlobIn(remote.query)) findings.add(NETWORK_RULES.encodedQuery, remote.host);
  for (const text of bodyTexts) if (text.trim() !== '') judgeProse(text, judge, 'outbound');
  for (const text of queryTexts)
    if (text.trim() !== '') judgeProse(text, judge, 'outbound', { weakSecretsEscalate: false });
  judgeRequestHeaders(payload['headers'], remote.host, judge);
  judgeSecretReferences(url, bodyTexts, payload['headers'], remote.host, judge);
  judgeProtectionChange(remote, effective, bodyTexts, judge);
  if ((method !== undefined && !READ_METHODS.has(method)) || bodyTexts.some((t) => t.trim() !== ''))
    findings.add(NETWORK_RULES.networkSend, remote.host);
  judgeUrlPathData(remote.path, judge);
}

const ADDRESS = /^[^\s@<>]+@([^\s@<>]+)$/u;

/** Files that hold many people's records or a service's data, by name or by format. */
const RECORD_NAMES = [
  /contacts?/u,
  /customers?/u,
  /clients?/u,
  /users?/u,
  /employees?/u,
  /candidates?/u,
  /applicants?/u,
  // A folder of reviews, or performance reviews: not one talk's `q4-review.pdf`.
  /reviews(?=\/)/u,
  /performance[-_ ]?reviews?/u,
  'staff',
  'leads',
  'members',
  'patients',
  // People a trip, an event or a building holds: names with passport, seat and room numbers.
  /passengers?/u,
  /trav(?:e)?llers?/u,
  /guests?/u,
  /attendees?/u,
  /participants?/u,
  /tenants?/u,
  /residents?/u,
  'payroll',
  /salar(?:y|ies)/u,
  /accounts?/u,
  /passwords?/u,
  /credentials?/u,
  /subscribers?/u,
  'audience',
  /mailing[-_ ]?list/u,
  'export',
  'dump',
  'backup',
];
const RECORD_FORMATS = [
  'csv',
  'tsv',
  /xlsx?/u,
  'sql',
  'db',
  /sqlite3?/u,
  'kdbx',
  'vcf',
  'mbox',
  'pst',
];
const RECORD_NAME = String.raw`(?:^|[/_.\s-])(?:${alternation(RECORD_NAMES)})(?:[/_.\s-]|$)`;
const DATA_EXPORT = new RegExp(
  String.raw`${RECORD_NAME}|\.(?:${alternation(RECORD_FORMATS)})$`,
  'iu',
);
const NAMED_RECORDS = new RegExp(RECORD_NAME, 'iu');

/** Whether a file is, by name or format, an export of records (`orders-2026-11.csv`, `users.sql`). */
export function isDataExport(path: string): boolean {
  return DATA_EXPORT.test(path);
}

/** Whether a file's name says it holds many people's records (`subscribers.csv`, `users-dump.sql`). */
export function namesRecords(path: string): boolean {
  return NAMED_RECORDS.test(path);
}

/**
 * An e-mail is judged by where it goes and what it carries: anything sent outside this machine can
 * carry the user's data away and cannot be taken back, so it needs a human; credentials or an
 * export of records are refused outright.
 */
export function judgeEmail(payload: Readonly<Record<string, unknown>>, judge: Judge): void {
  const findings = judge.findings;
  const recipients = stringList(payload, ['to', 'cc', 'bcc'], judge).map((recipient) =>
    recipient.replace(/^.*<|>$/gu, '').trim(),
  );
  const external: string[] = [];
  for (const recipient of recipients) {
    const addressParts = ADDRESS.exec(recipient);
    if (!addressParts) findings.add(PAYLOAD_RULES.malformedField, `recipient ${recipient}`);
    else if (!/^(?:localhost|127\.0\.0\.1)$/iu.test(addressParts[1] ?? '')) {
      external.push(addressParts[1] ?? '');
      findings.add(HTTP_EMAIL_RULES.externalRecipient, addressParts[1]);
    }
  }
  const letter = [
    ...stringsIn(payload['subject']),
    ...stringsIn(payload['body']),
    ...stringsIn(payload['html']),
  ];
  for (const text of letter)
    judgeProse(text, judge, 'outbound', { weakSecretsEscalate: true, letter: true });
  judgeLookAlikeLinks(external, letter, judge);
  for (const file of stringList(payload, ['attachments', 'attachment'], judge)) {
    const use = usePath(file, judge.scope);
    if (
      use.traits.secret !== undefined ||
      use.traits.private !== undefined ||
      use.traits.agentControl !== undefined
    )
      findings.add(HTTP_EMAIL_RULES.sensitiveAttachment, file);
    else if (!use.path.inWorkspace) findings.add(HTTP_EMAIL_RULES.outsideAttachment, file);
    else if (external.length > 0 && isDataExport(file))
      findings.add(HTTP_EMAIL_RULES.dataExport, file);
    else if (external.length > 0)
      findings.add(HTTP_EMAIL_RULES.externalAttachment, `${file} to ${external.join(', ')}`);
  }
}
