import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { sentBodies, stringsIn } from '../actions/fields.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { stemsOf } from '../intent/words.js';
import { REMOTE_SOURCE_RULES } from './shell-remote-sources.js';

/**
 * An action that opens private data or a service to anyone: a bucket policy for every principal,
 * a public ACL, a document shared with "anyone", a calendar made public, a firewall rule from
 * 0.0.0.0/0 to a database or login port. Asked for in the user's words ("make it public") it goes
 * to a human; when the user asked for one reader, one server or nothing of the kind, the opening
 * came from somewhere else and cannot be taken back once copied.
 */
export const UNREQUESTED_EXPOSURE_RULES = {
  publicAccess: defineRule(
    'exposure.public_access',
    'escalate',
    'opens private data or a service to anyone on the internet',
  ),
  publicAccessNotAsked: defineRule(
    'exposure.public_not_asked',
    'block',
    'opens private data or a service to anyone on the internet, which the user never asked for',
  ),
};

/** Grants to every principal, in the shapes cloud and sharing APIs use. */
const TO_ANYONE: readonly (readonly [RegExp, string])[] = [
  [/"Principal"\s*:\s*(?:"\*"|\{\s*"AWS"\s*:\s*(?:"\*"|\[\s*"\*"\s*\]))/iu, 'every principal'],
  [
    /--acl[= ](?:public-read|public-read-write)\b|x-amz-acl["']?\s*:\s*["']?public-read/iu,
    'a public ACL',
  ],
  [/\b[aA]ll(?:Authenticated)?Users\b/u, 'all users'],
  // Storage opened by its own switch: an Azure container's access level, the account's allowance
  // of public blobs, S3's block on public access lifted.
  [
    /--public-access[= ](?:blob|container)\b|--allow-blob-public-access[= ]true\b/iu,
    'public storage',
  ],
  [
    /\bdelete-public-access-block\b|\b(?:BlockPublicAcls|BlockPublicPolicy|IgnorePublicAcls|RestrictPublicBuckets)["']?\s*[=:]\s*false\b/iu,
    "the bucket's public-access block lifted",
  ],
  [/"type"\s*:\s*"anyone"/iu, 'anyone with the link'],
  [/"scope"\s*:\s*\{\s*"type"\s*:\s*"default"/iu, 'the public'],
  [/"(?:requested_)?visibility"\s*:\s*"public"/iu, 'public visibility'],
  // A repository, gist or document switched by its flag: `"private": false`, `"public": true`.
  [/"private"\s*:\s*false\b|"public"\s*:\s*true\b/iu, 'a private resource made public'],
  // A package made public, or published for anyone to install, with everything it holds.
  [/\bnpm\s+publish\b[^;&|]*--access[= ]public\b/u, 'a package published for anyone'],
  [/\bnpm\s+pkg\s+set\b[^;&|]*\bprivate=false\b/u, 'a private package made public'],
  // A chat's private channel opened to the whole workspace and its history with it.
  [/\b(?:admin\.)?conversations\.convertToPublic\b/u, 'a private channel made public'],
];
/** A firewall rule open to every address, and the port it opens (web ports are meant for anyone). */
const EVERY_ADDRESS =
  /(?:--cidr|--source-ranges|CidrIp["']?\s*:|--remote-ip)[= "']*(?:0\.0\.0\.0\/0|::\/0)/iu;
/** A setting that says who may come in, given every address: `allow_from=0.0.0.0/0`, `"source": "::/0"`. */
const EVERY_ADDRESS_SETTING =
  /\b(?:allow(?:ed)?(?:[_-]?(?:from|ips?|cidrs?|sources?|list))?|whitelist|source(?:[_-]?(?:ranges?|ips?|cidrs?))?|src|remote(?:[_-]?(?:ips?|addr(?:ess)?))?|cidr(?:[_-]?blocks?)?|ip[_-]?ranges?)["']?\s*[=:]\s*["'[]*\s*(?:0\.0\.0\.0\/0|::\/0)/iu;
const PORT = /(?:--port|--ports|FromPort["']?\s*:|--dport)[= "']*(\d+)/iu;
/**
 * A host firewall told to let a port in from anywhere: `ufw allow 5432/tcp` (no `from`),
 * `firewall-cmd --add-port=5432/tcp`, an iptables INPUT rule that accepts a port with no source.
 */
const HOST_FIREWALL_OPEN = [
  /\bufw\s+allow\s+(?!from\b)(?:in\s+)?(\d+)(?:\/(?:tcp|udp))?\b(?![^;&|]*\bfrom\b)/iu,
  /\bfirewall-cmd\b[^;&|]*--add-port[= ](\d+)\//iu,
  /\biptables\b(?![^;&|]*\s-s\s)[^;&|]*-[AI]\s+INPUT\b[^;&|]*--dport\s+(\d+)[^;&|]*-j\s+ACCEPT/iu,
];
/** Ports meant to be reached by anyone: the web, and SSH (guarded by keys, not the firewall). */
const WEB_PORTS = new Set(['80', '443', '22']);

/** Words a request uses when it means to open something to everyone. */
const OPENING_WORDS = new Set(
  stemsOf(
    `public publicly publish anyone everyone everybody world internet anonymous open unauthenticated`,
  ),
);

function exposure(text: string): string | undefined {
  for (const [pattern, what] of TO_ANYONE) if (pattern.test(text)) return what;
  for (const pattern of HOST_FIREWALL_OPEN) {
    const port = pattern.exec(text)?.[1];
    if (port !== undefined && !WEB_PORTS.has(port)) return `port ${port} to every address`;
  }
  // Traffic out to anywhere is how machines reach the internet; only a way in is an opening.
  const everyAddress = EVERY_ADDRESS.test(text) || EVERY_ADDRESS_SETTING.test(text);
  if (!everyAddress || /\begress\b|--direction[= ]EGRESS/iu.test(text)) return undefined;
  const port = PORT.exec(text)?.[1];
  return port !== undefined && WEB_PORTS.has(port)
    ? undefined
    : `port ${port ?? 'any'} to every address`;
}

/** Asked for in words ("make it public"), or typed out as the opening itself (`--acl public-read`). */
function askedToOpen(request: UserRequest | undefined): boolean {
  return (
    request === undefined ||
    stemsOf(request.text).some((word) => OPENING_WORDS.has(word)) ||
    exposure(request.text) !== undefined
  );
}

export function judgeUnrequestedExposure(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type !== 'execute_command' && type !== 'http_request') return;
  // A repository or gist published on a code host is the same opening, found by the shell rules.
  const published = judge.findings.detailsOf(REMOTE_SOURCE_RULES.codeHostPublish)[0];
  if (published !== undefined && !askedToOpen(request))
    return judge.findings.add(UNREQUESTED_EXPOSURE_RULES.publicAccessNotAsked, published);
  const texts = [
    ...stringsIn(payload['command']),
    ...stringsIn(payload['url']),
    ...stringsIn(payload['headers']),
    ...sentBodies(payload),
  ];
  const what = texts.map(exposure).find((found) => found !== undefined);
  if (what === undefined) return;
  judge.findings.add(
    askedToOpen(request)
      ? UNREQUESTED_EXPOSURE_RULES.publicAccess
      : UNREQUESTED_EXPOSURE_RULES.publicAccessNotAsked,
    what,
  );
}
