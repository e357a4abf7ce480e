import { canonicalActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { AGENT_RULES } from '../actions/agents.js';
import { HTTP_EMAIL_RULES } from '../actions/network.js';
import { controlTampering, injectionMarker } from '../content/instructions.js';
import { namesSecretMaterial } from '../content/secrets.js';
import { hiddenLayers } from '../decode/hidden-layers.js';
import type { Rule } from '../registry.js';
import { onlyHurriedOrClaimed, pressureIn } from './pressure.js';
import { pushWaivers } from './pushes.js';
import { userNamedFile, userNamedRecipient } from './recipients.js';
import { cronMatchesRequest } from './schedules.js';
import { taskParaphrasesUser } from './task-words.js';
import { saidWords, userSaid, userTyped, type SaidWords } from './words.js';

/** Escalations the user's own request settles, and whether it covers the action's text. */
export interface Waivers {
  readonly rules: ReadonlySet<Rule>;
  readonly requestedByUser: boolean;
}

type Payload = Readonly<Record<string, unknown>>;

/** A field's strings: one string, or a list of them; anything else is not something to match. */
function textsOf(value: unknown): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v): v is string => typeof v === 'string')) return value;
  return undefined;
}

function fieldTexts(payload: Payload, names: readonly string[]): string[] | undefined {
  const out: string[] = [];
  for (const name of names) {
    const texts = textsOf(payload[name]);
    if (texts === undefined) return undefined;
    out.push(...texts);
  }
  return out;
}

/**
 * Recipients sent to (`to`, `cc`, `bcc`) and files attached must all be ones the user named; a
 * request that leans on urgency, rank or consent must have typed every address out.
 */
function emailWaivers(payload: Payload, words: SaidWords, pressed: boolean): Waivers | undefined {
  const recipients = fieldTexts(payload, ['to', 'cc', 'bcc'])?.flatMap((r) =>
    r.split(/\s*[,;]\s*/u).filter(Boolean),
  );
  const attachments = fieldTexts(payload, ['attachments', 'attachment']);
  if (recipients === undefined || recipients.length === 0 || attachments === undefined)
    return undefined;
  const named = pressed
    ? (r: string) => userTyped(r.replace(/^.*<|>$/gu, '').trim(), words)
    : (r: string) => userNamedRecipient(r, words);
  if (!recipients.every(named)) return undefined;
  const rules = new Set<Rule>([HTTP_EMAIL_RULES.externalRecipient]);
  if (attachments.every((file) => userNamedFile(file, words)))
    rules.add(HTTP_EMAIL_RULES.externalAttachment);
  return { rules, requestedByUser: false };
}

/** A schedule of a prompt (never a command) at the times the user asked, in the user's words. */
function scheduleWaivers(payload: Payload, words: SaidWords): Waivers | undefined {
  if (payload['command'] !== undefined || payload['at'] !== undefined) return undefined;
  if (payload['interval'] !== undefined) return undefined;
  const cron = payload['cron'] ?? payload['schedule'];
  const prompt = fieldTexts(payload, ['task', 'action', 'prompt']);
  if (typeof cron !== 'string' || prompt === undefined) return undefined;
  if (!cronMatchesRequest(cron, words) || !taskParaphrasesUser(prompt, words)) return undefined;
  return { rules: new Set([AGENT_RULES.schedule]), requestedByUser: true };
}

/** A message to an agent the user named, rephrasing what the user said. */
function messageWaivers(payload: Payload, words: SaidWords): Waivers | undefined {
  const agent = payload['to_agent'] ?? payload['to'];
  const message = fieldTexts(payload, ['instruction', 'message', 'content']);
  if (typeof agent !== 'string' || message === undefined) return undefined;
  const named = agent.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (named.length === 0 || !named.every((part) => userSaid(part, words))) return undefined;
  if (!taskParaphrasesUser(message, words)) return undefined;
  return { rules: new Set([AGENT_RULES.message]), requestedByUser: true };
}

/**
 * What the user's own request settles for this action. Only the user's words count: never when
 * the conversation also carried content from elsewhere, nor when the request itself reads as an
 * injection, talks of secrets, hides text, asks for secrecy or skipped confirmation; one that leans
 * on urgency, rank or permission settles only an e-mail to addresses it typed out. Every other rule (a secret in the body, an export, a sensitive file,
 * a command) still judges the action as before; only the listed escalations are waived.
 */
export function waiversFor(
  type: string,
  payload: Payload,
  request: UserRequest | undefined,
): Waivers | undefined {
  if (request === undefined || request.untrustedContent || request.text.trim() === '')
    return undefined;
  const kind = canonicalActionType(type);
  if (
    kind !== 'send_email' &&
    kind !== 'create_schedule' &&
    kind !== 'agent_message' &&
    kind !== 'git_push'
  )
    return undefined;
  const text = request.text;
  if (injectionMarker(text) !== undefined || controlTampering(text) !== undefined) return undefined;
  if (namesSecretMaterial(text) !== undefined || hiddenLayers(text).length > 0) return undefined;
  const pressed = pressureIn(text) !== undefined;
  // Hurry, rank or permission leave a waiver only to an e-mail whose every address the user typed
  // out: a recipient named that plainly is their choice however pressed the request. Secrecy,
  // skipped confirmation, pleas and threats leave none.
  if (pressed && (kind !== 'send_email' || !onlyHurriedOrClaimed(text))) return undefined;
  const words = saidWords(request);
  if (kind === 'send_email') return emailWaivers(payload, words, pressed);
  if (kind === 'create_schedule') return scheduleWaivers(payload, words);
  if (kind === 'git_push') return pushWaivers(payload, words);
  return messageWaivers(payload, words);
}
