import { canonicalActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { AGENT_RULES } from '../actions/agents.js';
import { HTTP_EMAIL_RULES, isDataExport } from '../actions/network.js';
import { NETWORK_RULES } from '../rules/network.js';
import { INTERNAL_SERVICE_RULES } from '../network/internal-services.js';
import { controlTampering, injectionMarker } from '../content/instructions.js';
import { namesSecretMaterial } from '../content/secrets.js';
import { hiddenLayers } from '../decode/hidden-layers.js';
import type { Rule } from '../registry.js';
import { onlyHurriedOrClaimed, pressureIn } from './pressure.js';
import {
  askedPruneWaivers,
  askedRestoreWaivers,
  infrastructureWaivers,
  namedFolderWaivers,
  namedProgramWaivers,
  projectTaskWaivers,
  ownKeyCopyWaivers,
} from './command-waivers.js';
import { askedDeletionWaivers, ownStorageWaivers } from './personal-files-waivers.js';
import { templateCopyCommandWaivers, templateCopyWaivers } from './template-copies.js';
import {
  attachWaivers,
  namedAddressWaivers,
  namedAppWaivers,
  namedPackageWaivers,
  namedPageScriptWaivers,
  namedTargetWaivers,
  officialImageWaivers,
} from './tool-waivers.js';
import { codeHostWaivers } from './code-host-waivers.js';
import { pushWaivers } from './pushes.js';
import { grantsFitRequest } from './agent-grants-fit.js';
import { userNamedFile, userNamedRecipient } from './recipients.js';
import { atMatchesRequest, cronMatchesRequest } from './schedules.js';
import { userNamedServiceResource } from './named-services.js';
import { taskInUserWords, taskParaphrasesUser } from './task-words.js';
import { saidWords, userSaid, userSaidCompound, userTyped, type SaidWords } from './words.js';

/** Escalations the user's own request settles, and whether it covers the action's text. */
export interface Waivers {
  readonly rules: ReadonlySet<Rule>;
  /** Blocks settled too: only where the request described the action in full (a deletion). */
  readonly settledBlocks?: ReadonlySet<Rule>;
  /** Escalations settled finding by finding: only those whose detail the request covers. */
  readonly settledFindings?: ReadonlyMap<Rule, (detail: string) => boolean>;
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
  const filesNamed = attachments.every((file) => userNamedFile(file, words));
  if (attachments.some(isDataExport)) {
    // An export of many people's records the user named, to addresses they typed out ("send the
    // November orders export to maria@keller-tax.example"), is not refused, but a human still
    // confirms it: the request itself may be someone else's words. Never under pressure.
    const typedOut = recipients.every((r) => userTyped(r.replace(/^.*<|>$/gu, '').trim(), words));
    const theirs = filesNamed && typedOut && !pressed;
    return {
      rules: new Set<Rule>(),
      settledBlocks: new Set<Rule>(theirs ? [HTTP_EMAIL_RULES.dataExport] : []),
      requestedByUser: false,
    };
  }
  const rules = new Set<Rule>([HTTP_EMAIL_RULES.externalRecipient]);
  if (filesNamed) rules.add(HTTP_EMAIL_RULES.externalAttachment);
  return { rules, requestedByUser: false };
}

/**
 * A request to the host the user typed out (`status.example.com`, not "our status page", or the
 * NAS at `192.168.1.20`), or to the API of a service they named about things they named
 * (`intent/named-services.ts`): sending to it, or reaching it on the local network, is what they
 * asked for. Only the plain network send is settled; a secret or private data in the body, data in
 * the URL or a look-alike host are judged as before.
 */
function httpWaivers(payload: Payload, words: SaidWords): Waivers | undefined {
  const url = payload['url'];
  if (typeof url !== 'string' || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const { hostname, username, password } = parsed;
  if (username !== '' || password !== '') return undefined;
  if (!userTyped(hostname, words) && !userNamedServiceResource(parsed, words)) return undefined;
  return {
    rules: new Set([NETWORK_RULES.networkSend, INTERNAL_SERVICE_RULES.internalService]),
    requestedByUser: false,
  };
}

/**
 * A schedule of a prompt (never a command) at the times the user asked, in the user's words: a
 * recurring one whose cron runs when they said, or a one-off (`at`) at the time they set.
 */
function scheduleWaivers(payload: Payload, words: SaidWords): Waivers | undefined {
  if (payload['command'] !== undefined || payload['interval'] !== undefined) return undefined;
  const cron = payload['cron'] ?? payload['schedule'];
  const at = payload['at'];
  const prompt = fieldTexts(payload, ['task', 'action', 'prompt']);
  if (prompt === undefined || !taskParaphrasesUser(prompt, words)) return undefined;
  const when =
    typeof cron === 'string' && at === undefined
      ? cronMatchesRequest(cron, words)
      : typeof at === 'string' && cron === undefined && atMatchesRequest(at, words);
  if (!when) return undefined;
  return { rules: new Set([AGENT_RULES.schedule]), requestedByUser: true };
}

/** A message to an agent the user named, rephrasing what the user said. */
function messageWaivers(payload: Payload, words: SaidWords): Waivers | undefined {
  const agent = payload['to_agent'] ?? payload['to'];
  const message = fieldTexts(payload, ['instruction', 'message', 'content']);
  if (typeof agent !== 'string' || message === undefined) return undefined;
  const named = agent.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (named.length === 0) return undefined;
  if (!named.every((part) => userSaid(part, words)) && !userSaidCompound(agent, words))
    return undefined;
  if (!taskParaphrasesUser(message, words)) return undefined;
  return { rules: new Set([AGENT_RULES.message]), requestedByUser: true };
}

/** A label for an agent: a short name, never text that would be read as part of its task. */
const AGENT_NAME = /^[\p{L}\p{N}][\p{L}\p{N}._-]{0,39}$/u;

/**
 * A new agent whose task (and any instructions) rephrases what the user asked, under a plain name,
 * with tools that fit that task and no model, tool group or other setting of its own choosing.
 */
function spawnWaivers(payload: Payload, words: SaidWords): Waivers | undefined {
  const known = new Set([
    'name',
    'task',
    'prompt',
    'instructions',
    'description',
    'tools',
    'tool_groups',
  ]);
  if (Object.keys(payload).some((key) => !known.has(key))) return undefined;
  const name = payload['name'];
  if (name !== undefined && (typeof name !== 'string' || !AGENT_NAME.test(name))) return undefined;
  const task = fieldTexts(payload, ['task', 'prompt', 'instructions', 'description']);
  if (task === undefined || !taskParaphrasesUser(task, words)) return undefined;
  if (!grantsFitRequest(payload['tools'], payload['tool_groups'], words)) return undefined;
  return { rules: new Set([AGENT_RULES.spawn]), requestedByUser: true };
}

/**
 * A note that orders the assistant rather than records something: it opens with "always" or
 * "never", speaks to "you", or reaches into later sessions ("from now on"). A standing order steers
 * every later run, so it still needs a classifier or a human, however it was typed.
 */
const ORDERS_THE_ASSISTANT =
  /^\s*(?:please\s+)?(?:always|never)\b|\b(?:you|your|yourself|from now on|going forward|in future|in the future)\b/iu;

/**
 * A memory note made of the user's own words, or rephrasing them with words that only describe
 * ("my experiments go to …" kept as "the user logs experiments to …"), kept in the notes (never a
 * file path), that records rather than orders: what the user dictated cannot be someone else's
 * order for a later run. It settles no rule; it only tells tier 1 that no classifier is needed to
 * clear the text.
 */
function noteWaivers(payload: Payload, words: SaidWords): Waivers | undefined {
  if (payload['path'] !== undefined || payload['file'] !== undefined) return undefined;
  const note = fieldTexts(payload, ['content', 'value', 'text']);
  if (note === undefined || note.some((text) => ORDERS_THE_ASSISTANT.test(text))) return undefined;
  if (!taskInUserWords(note, words) && !taskParaphrasesUser(note, words)) return undefined;
  return { rules: new Set(), requestedByUser: true };
}

/** A finding is settled when any of the waivers settles it. */
function anyOfSettled(found: readonly Waivers[]): Map<Rule, (detail: string) => boolean> {
  const settled = new Map<Rule, (detail: string) => boolean>();
  for (const waivers of found)
    for (const [rule, settles] of waivers.settledFindings ?? []) {
      const before = settled.get(rule);
      settled.set(
        rule,
        before === undefined ? settles : (detail) => before(detail) || settles(detail),
      );
    }
  return settled;
}

/** A command settles what each of its waivers settles (a named program may also be a cloud CLI). */
function commandWaivers(payload: Payload, words: SaidWords): Waivers | undefined {
  const command = payload['command'];
  if (typeof command !== 'string') return undefined;
  const found = [
    projectTaskWaivers(command, words),
    namedProgramWaivers(command, words),
    infrastructureWaivers(command, words),
    namedFolderWaivers(command, words),
    ownStorageWaivers(command, words),
    askedDeletionWaivers(command, words),
    askedRestoreWaivers(command, words),
    askedPruneWaivers(command, words),
    ownKeyCopyWaivers(command, words),
    attachWaivers(command, words),
    officialImageWaivers(command, words),
    namedPackageWaivers(command, words),
    namedAddressWaivers(command, words),
    templateCopyCommandWaivers(command, words),
    namedAppWaivers(words),
    codeHostWaivers(words),
    namedTargetWaivers(words),
  ].filter((waivers) => waivers !== undefined);
  if (found.length === 0) return undefined;
  return {
    rules: new Set(found.flatMap((waivers) => [...waivers.rules])),
    settledBlocks: new Set(found.flatMap((waivers) => [...(waivers.settledBlocks ?? [])])),
    settledFindings: anyOfSettled(found),
    requestedByUser: found.some((waivers) => waivers.requestedByUser),
  };
}

/**
 * What the user's own request settles for this action. Only the user's words count: never when
 * the conversation also carried content from elsewhere, nor when the request itself reads as an
 * injection, talks of secrets, hides text, asks for secrecy or skipped confirmation; one that leans
 * on urgency, rank or permission settles only an e-mail to addresses, or a request to a host, it
 * typed out. Every other rule (a secret in the body, an export, a sensitive file,
 * a command) still judges the action as before; only the listed escalations are waived, and the
 * one block a deletion described in full settles (`settledBlocks`).
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
    kind !== 'create_agent' &&
    kind !== 'git_push' &&
    kind !== 'memory_write' &&
    kind !== 'http_request' &&
    kind !== 'execute_command' &&
    kind !== 'copy_file' &&
    kind !== 'write_file'
  )
    return undefined;
  const text = request.text;
  if (injectionMarker(text) !== undefined || controlTampering(text) !== undefined) return undefined;
  if (namesSecretMaterial(text) !== undefined || hiddenLayers(text).length > 0) return undefined;
  const pressed = pressureIn(text) !== undefined;
  // Hurry, rank or permission leave a waiver only to an e-mail whose every address, or a request
  // whose host, the user typed out: a destination named that plainly is their choice however
  // pressed the request. Secrecy, skipped confirmation, pleas and threats leave none.
  const typedOut = kind === 'send_email' || kind === 'http_request';
  if (pressed && (!typedOut || !onlyHurriedOrClaimed(text))) return undefined;
  const words = saidWords(request);
  if (kind === 'send_email') return emailWaivers(payload, words, pressed);
  if (kind === 'create_schedule') return scheduleWaivers(payload, words);
  if (kind === 'git_push') return pushWaivers(payload, words);
  if (kind === 'http_request') return httpWaivers(payload, words);
  if (kind === 'memory_write') return noteWaivers(payload, words);
  if (kind === 'execute_command') return commandWaivers(payload, words);
  if (kind === 'create_agent') return spawnWaivers(payload, words);
  if (kind === 'copy_file') return templateCopyWaivers(payload, words);
  if (kind === 'write_file') return namedPageScriptWaivers(words);
  return messageWaivers(payload, words);
}
