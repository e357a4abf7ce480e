import { defineRule } from '../registry.js';
import type { CommandFacts } from '../shell/facts.js';
import { optionValues } from '../shell/options.js';
import {
  AUTH_HEADER,
  AUTH_HEADER_NAME,
  AUTH_OPTIONS,
  HTTP_CLIENTS,
} from '../shell/web-requests.js';

export const CREDENTIAL_HEADER_RULES = {
  credentialToHost: defineRule(
    'secrets.credential_to_host',
    'escalate',
    'signs in to a web service with a secret from the environment',
  ),
};

/** Whether a header of this name hands the server a credential. */
export function isAuthHeader(name: string): boolean {
  return AUTH_HEADER_NAME.test(name.trim());
}
/** Second-level labels that sit under a country code (`example.co.uk`). */
const SHARED_SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu']);
/**
 * Services whose variables go by a short name, or whose API sits under another registered name
 * than the brand the variable is named for (HubSpot's `api.hubapi.com`, Jira's `atlassian.net`).
 */
const SERVICE_ALIASES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['gh', ['github']],
  ['hf', ['huggingface']],
  ['cf', ['cloudflare']],
  ['ha', ['homeassistant']],
  ['tg', ['telegram']],
  ['google', ['google', 'googleapis']],
  // Google's and Microsoft's products answer on their makers' API domains.
  ...['gmail', 'gcal', 'gdrive', 'gcp', 'gcloud'].map((product): [string, string[]] => [
    product,
    ['google', 'googleapis'],
  ]),
  ['youtube', ['youtube', 'googleapis']],
  ...['msgraph', 'outlook', 'o365', 'microsoft', 'azure'].map(
    (product) =>
      [
        product,
        ['microsoft', 'microsoftonline', 'office', 'office365', 'outlook', 'azure'],
      ] as const,
  ),
  ['github', ['github', 'githubusercontent']],
  ['dropbox', ['dropbox', 'dropboxapi']],
  ['datadog', ['datadoghq']],
  ['postmark', ['postmarkapp']],
  ['hubspot', ['hubspot', 'hubapi']],
  ['jira', ['atlassian']],
  ['confluence', ['atlassian']],
  ['aws', ['amazonaws']],
  ['shopify', ['shopify', 'myshopify']],
]);

/** Services whose API lives only on their own domains: a server of that name elsewhere is not theirs. */
const HOSTED_ONLY = new Set(
  `github google slack stripe openai anthropic aws hubspot dropbox twilio sendgrid telegram tg
  cloudflare cf huggingface hf notion discord shopify gh datadog postmark gmail gcal gdrive gcp
  gcloud youtube msgraph outlook o365 microsoft azure`.split(/\s+/u),
);

/** First words of a variable name that say what it is, not which service it belongs to. */
const GENERIC_PREFIXES = new Set(
  'api app access admin auth basic bearer ci client db deploy my pass password secret service session token user'.split(
    ' ',
  ),
);

/** How a credential reaches the hosts a web client signs in to. */
export type CredentialUse = 'own-service' | 'unnamed-service' | 'other-service';

/** The label a host is registered under (`github` for `api.github.com`). */
function registeredLabel(host: string): string | undefined {
  const labels = host.toLowerCase().replace(/\.$/u, '').split('.');
  if (labels.length < 2) return undefined;
  const second = labels.at(-2) ?? '';
  return SHARED_SECOND_LEVEL.has(second) && labels.length >= 3 ? labels.at(-3) : second;
}

/**
 * Secret variables a web client hands to the server as its credential (`-H "Authorization: Bearer
 * $GITHUB_TOKEN"`, `-u me:$API_PASSWORD`): used, not printed. Each maps to where it goes: to the
 * service its name says (GITHUB_TOKEN to api.github.com), to a host its name cannot be checked
 * against (ADMIN_PASSWORD), or to some other service than the one it names.
 */
export function credentialsSentAsAuth(facts: CommandFacts): ReadonlyMap<string, CredentialUse> {
  // The secrets and the network judges both ask, once per command.
  let sent = judged.get(facts);
  if (sent === undefined) {
    sent = credentialsOf(facts);
    judged.set(facts, sent);
  }
  return sent;
}

const judged = new WeakMap<CommandFacts, ReadonlyMap<string, CredentialUse>>();

function credentialsOf(facts: CommandFacts): Map<string, CredentialUse> {
  const sent = new Map<string, CredentialUse>();
  const cmd = facts.cmd;
  if (!HTTP_CLIENTS.has(cmd.name)) return sent;
  const values = [
    ...optionValues(cmd.args, ['-H', '--header']).filter((a) => AUTH_HEADER.test(a.text)),
    ...optionValues(cmd.args, AUTH_OPTIONS),
    // httpie takes headers as bare `Name:value` items.
    ...(cmd.name === 'curl' || cmd.name === 'wget'
      ? []
      : cmd.args.filter((a) => AUTH_HEADER.test(a.text))),
  ];
  const hosts = facts.net.remotes.map((r) => r.target.host);
  for (const value of values)
    for (const name of value.vars) sent.set(name, credentialUse(name, hosts));
  // Some APIs take the key in the path itself (Telegram's `/bot$TG_TOKEN/…`). A query string is
  // not such a place: it is logged and forwarded everywhere, and it is where data is smuggled.
  for (const remote of facts.net.remotes) {
    if (remote.target.kind === 'dynamic') continue;
    const path = remote.arg.text.split('?')[0] ?? '';
    for (const name of remote.arg.vars)
      if (!sent.has(name) && (path.includes(`$${name}`) || path.includes(`\${${name}}`)))
        sent.set(name, credentialUse(name, [remote.target.host]));
  }
  return sent;
}

/** Where the credential in variable `name` goes when handed to `hosts` to sign in. */
export function credentialUse(name: string, hosts: readonly string[]): CredentialUse {
  const service = name.toLowerCase().split('_')[0] ?? '';
  if (GENERIC_PREFIXES.has(service)) return 'unnamed-service';
  const names = SERVICE_ALIASES.get(service) ?? [service];
  // Only the service's own registered names: `github-verify.com` is anyone's.
  const owns = (host: string | undefined): boolean => host !== undefined && names.includes(host);
  const labels = hosts.map(registeredLabel);
  if (labels.length > 0 && labels.every(owns)) return 'own-service';
  // A product people run on their own domain (`canvas.school.example` for `CANVAS_TOKEN`,
  // `gitlab.acme.example`): whose server it is cannot be told from the name, so a human decides.
  const selfHosted = (host: string): boolean => host.toLowerCase().split('.')[0] === service;
  if (!HOSTED_ONLY.has(service) && hosts.length > 0 && hosts.every(selfHosted))
    return 'unnamed-service';
  return 'other-service';
}
