import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { userNamedRecipient } from '../intent/recipients.js';
import { saidWords, userTyped, type SaidWords } from '../intent/words.js';
import { webRequestsIn } from '../shell/web-requests.js';
import { sentBodies } from '../actions/fields.js';
import type { Judge } from '../judge.js';
import { effectiveMethod, WRITE_METHODS } from '../network/effective-method.js';
import { parseRemote } from '../network/hosts.js';
import { defineRule } from '../registry.js';

/**
 * An API call that gives a party standing access: a webhook or subscription that receives every
 * event of a repository, account or team from now on, a key that may log in or push, a forwarding
 * address for mail, a helpdesk trigger or mail filter that copies every new item to an address, an
 * invitation that makes an outside address a member. When that party (the webhook's host, the
 * key, the address) appears nowhere in the user's words, it came from text the agent read, and it
 * keeps its access after the conversation ends. The same call made with curl is judged alike.
 */
export const STANDING_ACCESS_RULES = {
  unrequestedAccess: defineRule(
    'access.unrequested_standing',
    'block',
    'gives a webhook, key, forwarding or invited address the user never named standing access',
  ),
};

/**
 * A service's list of webhooks or event subscriptions (registering one: Microsoft Graph's
 * `/subscriptions`, Stripe's `/webhook_endpoints`, Google Drive's `/watch`, Shopify's
 * `/webhooks.json`), or one of them (changing where it points).
 */
const HOOK_PATH =
  /\/(?:(?:web)?hooks|subscriptions|webhook_endpoints)(?:\.json)?\/?$|\/(?:(?:web)?hooks|subscriptions|webhook_endpoints)\/[\w-]+(?:\.json)?\/?$|\/watch\/?$/iu;
const KEY_PATH = /\/(?:deploy[-_]?keys|ssh[-_]?keys|gpg[-_]?keys|keys)(?:\/|$)/iu;
const FORWARD_PATH = /\/(?:forwarding[-_]?addresses|forwarding|autoforwarding|forwards?)(?:\/|$)/iu;
/** Where a webhook delivers: the value of its address field, not any link in a message. */
const HOOK_TARGET =
  /["']?(?:url|target_url|callback_url|callback|endpoint|address|uri|payload_url|(?:lifecycle)?notification_?url|webhook_?url|delivery_?url)["']?\s*[:=]\s*["']?(https?:\/\/[^\s"'<>,}]+)/giu;
const PUBLIC_KEY =
  /\b(?:ssh-(?:rsa|ed25519|dss)|ecdsa-sha2-nistp\d+|sk-ssh-ed25519@openssh\.com)\s+([A-Za-z0-9+/=]{16,})/u;
const FORWARD_ADDRESS =
  /["']?(?:forward(?:ing)?(?:_?(?:to|address|email))?|forwardTo|emailAddress)["']?\s*[:=]\s*["']([^"'\s@]+@[^"'\s]+)["']/iu;

/**
 * A rule the service runs on every new message or ticket from now on (a helpdesk's triggers and
 * automations, a mailbox's filters): one that mails an outside address copies everything.
 */
const AUTOMATION_PATH = /\/(?:triggers|automations|filters|rules)(?:\/|$)/iu;
/**
 * An invitation into a workspace, organisation, project or team: Slack's `admin.users.invite` and
 * `conversations.invite`, the `/invitations` and `/members` collections of code hosts and
 * directories; a calendar's `/acl` or a file's `/permissions`, which share it with an address.
 */
const INVITE_PATH =
  /(?:^|[/.])invite(?:$|[/.?])|\/(?:invitations?|members|memberships|acl|permissions)(?:\/|$)/iu;
const EMAIL_ADDRESS = /[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/giu;

/** A form body's values as written (`email=ops%40x.example` is `ops@x.example`). */
function decodeForm(body: string): string {
  try {
    return decodeURIComponent(body.replace(/\+/gu, ' '));
  } catch {
    return body;
  }
}

/**
 * The first e-mail address in a body (a form's values decoded) that the user did not name. After
 * the turn read content from elsewhere, only an address they typed counts: the same word ("the
 * sync", "the organiser") is what a planted address is chosen to match.
 */
function unnamedAddress(body: string, words: SaidWords, steered: boolean): string | undefined {
  for (const [address] of decodeForm(body).matchAll(EMAIL_ADDRESS))
    if (steered ? !userTyped(address, words) : !userNamedRecipient(address, words)) return address;
  return undefined;
}

/** The party the call would give standing access to, when the user's words do not name it. */
function unnamedParty(
  path: string,
  body: string,
  words: SaidWords,
  steered: boolean,
): string | undefined {
  if (HOOK_PATH.test(path)) {
    for (const [, url = ''] of body.matchAll(HOOK_TARGET)) {
      const host = parseRemote(url)?.host;
      if (host !== undefined && !userTyped(host, words)) return `a webhook to ${host}`;
    }
  }
  const key = KEY_PATH.test(path) ? PUBLIC_KEY.exec(body)?.[1] : undefined;
  if (key !== undefined && !userTyped(key, words)) return 'a key the user did not give';
  const address =
    FORWARD_PATH.test(path) || /\bforward/iu.test(body)
      ? FORWARD_ADDRESS.exec(body)?.[1]
      : undefined;
  if (address !== undefined && !userTyped(address, words)) return `forwarding to ${address}`;
  const copied = AUTOMATION_PATH.test(path) ? unnamedAddress(body, words, steered) : undefined;
  if (copied !== undefined) return `every new item copied to ${copied}`;
  const invited = INVITE_PATH.test(path) ? unnamedAddress(body, words, steered) : undefined;
  return invited === undefined ? undefined : `an invitation to ${invited}`;
}

export function judgeStandingAccess(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type === 'execute_command' && typeof payload['command'] === 'string') {
    for (const call of webRequestsIn(payload['command'], judge.scope))
      judgeStandingAccess('http_request', { ...call }, request, judge);
    return;
  }
  if (type !== 'http_request') return;
  const method = effectiveMethod(payload);
  const url = typeof payload['url'] === 'string' ? payload['url'] : '';
  if (method === undefined || !WRITE_METHODS.has(method) || !URL.canParse(url)) return;
  const words = saidWords(request ?? { text: '', untrustedContent: true });
  const steered = request?.untrustedContent !== false;
  const party = unnamedParty(new URL(url).pathname, sentBodies(payload).join('\n'), words, steered);
  if (party !== undefined) judge.findings.add(STANDING_ACCESS_RULES.unrequestedAccess, party);
}
