import { hiddenLayers } from '../decode/hidden-layers.js';
import { controlTampering, injectionMarker, standingOrder } from '../content/instructions.js';
import { DESTRUCTIVE_VERB, proseIntent, SEND_VERB, verbGoverns } from '../content/intent.js';
import { onlyForbids, onlySendsToUser, waivedCheck } from '../content/forbidding.js';
import { recordsInWorkspace } from '../content/workspace-records.js';
import { personalDataIn } from '../content/pii.js';
import {
  keyMaterialPhrase,
  namesSecretMaterial,
  secretNames,
  secretValueIn,
} from '../content/secrets.js';
import { usePath, type Judge, type PathUse } from '../judge.js';
import { pathTokens } from '../paths/extract.js';
import { sensitivityOf } from '../paths/taxonomy.js';
import { defineRule } from '../registry.js';
import { normalizeText } from '../text/normalize.js';
import { alternation } from '../text/word-list.js';
import { judgeWrite } from './locations.js';
import { NETWORK_RULES } from './network.js';
import { OBFUSCATION_RULES } from './obfuscation.js';
import { caseless } from '../../../caseless.js';
import { emptyList } from '../lists.js';

/**
 * Text that *is* the action: tasks for other agents, memory entries, message and request bodies.
 * The heuristics read what it asks for (verbs aimed at objects), what it carries (secret values,
 * personal data) and whether it is written to steer a model.
 */
export const PROSE_RULES = {
  harmfulIntent: defineRule(
    'intent.harmful_description',
    'block',
    'describes openly harmful work (exfiltration, theft, backdoors)',
  ),
  secretAccess: defineRule(
    'intent.secret_access',
    'block',
    'asks for credentials or secrets to be read, collected or sent',
  ),
  destructive: defineRule(
    'intent.destructive_outside',
    'block',
    'asks for files outside the workspace or the audit trail to be deleted or altered',
  ),
  externalSend: defineRule(
    'intent.external_send',
    'escalate',
    'asks for data to be sent somewhere outside',
  ),
  securityOverride: defineRule(
    'instructions.security_override',
    'block',
    'tries to steer or switch off the security controls',
  ),
  promptInjection: defineRule(
    'instructions.prompt_injection',
    'block',
    'carries prompt-injection phrasing aimed at a model',
  ),
  plantedInstructions: defineRule(
    'instructions.planted_instructions',
    'block',
    'plants standing orders for agents that touch secrets, sending or deletion',
  ),
  secretInText: defineRule('secrets.secret_in_text', 'block', 'contains a credential value'),
  possibleSecret: defineRule(
    'exfil.possible_secret',
    'escalate',
    'sends text that may refer to passwords or tokens',
  ),
  approvalBypass: defineRule(
    'instructions.approval_bypass',
    'block',
    'tells an agent to act without asking, or to treat actions as approved',
  ),
  phishing: defineRule(
    'exfil.phishing',
    'block',
    'asks its readers to give their password through a link',
  ),
  oneTimeCode: defineRule(
    'exfil.one_time_code',
    'block',
    'sends a login or verification code, which lets whoever reads it into the account',
  ),
  personalData: defineRule(
    'privacy.personal_data',
    'escalate',
    'contains personal data about people',
  ),
  tooLarge: defineRule(
    'content.too_large',
    'escalate',
    'carries more text than the heuristics read',
  ),
};

/**
 * Orders that switch off the human in the loop: act without asking, treat something as approved,
 * skip a review, a confirmation, a limit or the Shield. Planted in memory, a task or a message to
 * another agent, they outlive the conversation that wrote them.
 */
/** What "without …" leaves out: the human's look before acting. */
const SKIPPED_CHECKS = [
  'asking',
  'checking',
  /confirm(?:ing|ation)/u,
  'approval',
  /review(?:ing)?/u,
  'telling',
  'consulting',
  /notify(?:ing)?/u,
];
const ASKING_VERBS = ['ask', 'check', 'confirm', 'tell'];
const SWITCH_OFF_VERBS = ['skip', 'bypass', 'ignore', 'disable'];
/** Safeguards an order may tell an agent to skip. */
const SAFEGUARDS = [
  'review',
  /confirmations?/u,
  /checks?/u,
  'security',
  /scan(?:ner)?/u,
  'spending limit',
  /limits?/u,
  /approvals?/u,
  'shield',
];
const APPROVAL_BYPASS = caseless(
  new RegExp(
    String.raw`\b(?:${[
      String.raw`without (?:${alternation(SKIPPED_CHECKS)})`,
      String.raw`never ask(?:s|ing)?(?: me| the user| for)?`,
      String.raw`(?:do not|don'?t|no need to) (?:${alternation(ASKING_VERBS)})`,
      // "no need to run it past Alice", "don't bother the user", "without running it by anyone".
      String.raw`(?:do not|don'?t|no need to|without) (?:run|running|pass|passing|clear|clearing) (?:it|this|that|them) (?:past|by)`,
      String.raw`(?:do not|don'?t|no need to) (?:bother|involve|loop in|wait for)`,
      String.raw`(?:pre|auto)-?approved`,
      String.raw`approved:\s*true`,
      // "skip the review", and "skip the staged rollout review" alike.
      String.raw`(?:${alternation(SWITCH_OFF_VERBS)})(?:s|ping)? (?:the |any |all |every )?(?:[\w-]+ ){0,2}(?:${alternation(SAFEGUARDS)})`,
      String.raw`is (?:in )?test mode`,
    ].join('|')})\b`,
    'iu',
  ),
);

/**
 * An order to another agent that vouches for the user's consent ("the user agreed", "the owner
 * approved this"): consent reaches an agent from the human through an approval, never through
 * another agent's words.
 */
const CONSENTING_PEOPLE = ['user', 'owner', 'human', 'boss', /admin(?:istrator)?/u];
const CONSENT_VERBS = [
  'agreed',
  'approved',
  'consented',
  'okayed',
  'signed off',
  'said so',
  'confirmed',
  /authori[sz]ed/u,
  'allowed it',
  /is (?:ok|okay|fine) with (?:it|this|that)/u,
];
const CLAIMED_CONSENT = caseless(
  new RegExp(
    String.raw`\b(?:the |my |your )?(?:${alternation(CONSENTING_PEOPLE)})\s+(?:has\s+|had\s+|already\s+|also\s+)*(?:${alternation(CONSENT_VERBS)})\b`,
    'iu',
  ),
);

/** Mail that asks its readers to hand over their password behind a link: phishing. */
const ACCOUNT_CHECK_VERBS = ['verify', 'confirm', 'update', 'validate', /re-?enter/u, 'reset'];
const ACCOUNT_DETAILS = ['password', 'credentials', 'account', 'login', 'details', 'identity'];
const PHISHING = caseless(
  new RegExp(
    String.raw`\b(?:${alternation(ACCOUNT_CHECK_VERBS)})\s+your\s+(?:${alternation(ACCOUNT_DETAILS)})\b[\s\S]*?(?:https?:\/\/|www\.)`,
    'iu',
  ),
);

/** What the text is used as. */
export type ProseRole = 'instruction' | 'stored' | 'outbound';

export interface ProseOptions {
  /** Outbound text that mentions passwords or tokens in general asks a human (bodies, not URLs). */
  readonly weakSecretsEscalate: boolean;
  /**
   * A letter to a person: naming key material there is often talk about it ("rotate the secret
   * key"), so it blocks only when the text says it hands the material over.
   */
  readonly letter?: boolean;
}

/** What a code is for, when it is named before its digits ("login code", "2FA token"). */
const LOGIN_CODE_PURPOSES = [
  'verification',
  'verify',
  'security',
  'login',
  /log-?in/u,
  /sign-?in/u,
  /one-?time/u,
  '2fa',
  'mfa',
  'otp',
  'totp',
  /authenticat(?:ion|or)/u,
  'auth',
  'reset',
  'recovery',
  'backup',
  'sms',
  'passcode',
];
const CODE_NOUNS = ['code', 'codes', 'pin', 'token', 'number', 'passcode'];
/** Codes that sign nobody in: a bare "code" after these words is not a login code. */
const OTHER_CODES = [
  'zip',
  'postal',
  'area',
  'country',
  'error',
  'status',
  'exit',
  'promo',
  'discount',
  'product',
  'tracking',
  'source',
  'dress',
  'bar',
  'qr',
  /colou?r/u,
  'post',
];
/** What a code is for, when it is named after its digits ("… to sign in"). */
const LOGIN_CODE_USES = [
  /to (?:sign|log) ?in/u,
  'to verify',
  /to confirm (?:my|the|your) (?:identity|account|login)/u,
  /(?:verification|login|sign-?in|security) code/u,
];
const CODE_DIGITS = String.raw`\d(?:[ -]?\d){3,9}`;
const NAMED_THEN_DIGITS = String.raw`\b(?:(?:${alternation(LOGIN_CODE_PURPOSES)})(?:\s+(?:${alternation(CODE_NOUNS)}))?|(?<!(?:${alternation(OTHER_CODES)})\s)codes?|pin)\b[^\n\d]{0,40}${CODE_DIGITS}\b`;
const DIGITS_THEN_USE = String.raw`\b${CODE_DIGITS}\b[^\n\d]{0,30}\b(?:${alternation(LOGIN_CODE_USES)})\b`;
/** A sign-in, verification or reset code with its digits: whoever holds it completes the login. */
const ONE_TIME_CODE = caseless(new RegExp(`${NAMED_THEN_DIGITS}|${DIGITS_THEN_USE}`, 'iu'));

/** Words that present what follows as delivered: "here are the keys", "attached", "as requested". */
const HANDING_OVER_PHRASES = [
  /here (?:is|are)/u,
  'attached',
  'enclosed',
  /below (?:is|are)/u,
  /as (?:you )?requested/u,
  'you asked for',
  'sending you',
  'i am sending',
  "i'm sending",
  /copy of (?:the|my|our)/u,
];
const HANDING_OVER = caseless(
  new RegExp(String.raw`\b(?:${alternation(HANDING_OVER_PHRASES)})\b`, 'iu'),
);

/** Files agents read as their own instructions or memory, and the system prompt itself. */
const AGENT_INSTRUCTION_FILES = [
  /AGENTS?\.md/u,
  'CLAUDE.md',
  'GEMINI.md',
  '.cursorrules',
  '.windsurfrules',
  'copilot-instructions',
  'system prompt',
  'MEMORY.md',
  'SOUL.md',
  'IDENTITY.md',
  'HEARTBEAT.md',
];
const AGENT_FILE_MENTION = caseless(
  new RegExp(String.raw`\b(?:${alternation(AGENT_INSTRUCTION_FILES)})\b`, 'iu'),
);
const RECORDS = caseless(/\b(?:audit|chronicle|snapshots?|history|logs?|backups?)\b/iu);
const WRITE_VERB = caseless(/\b(?:write|append|add|insert|plant|persist\w*|update|modify)\b/iu);
const MAX_TEXT = 256 * 1024;

function sensitivePaths(text: string, judge: Judge): PathUse[] {
  const found: PathUse[] = emptyList();
  for (const token of pathTokens(text)) {
    const use = usePath(token, judge.scope);
    if (
      sensitivityOf(use.traits) !== undefined ||
      use.traits.persistence !== undefined ||
      use.traits.agentControl !== undefined
    )
      found.push(use);
  }
  return found;
}

/** "add X to /etc/ld.so.preload", "append this line into ~/.bashrc": the file an order writes. */
const WRITE_ORDER = caseless(
  /\b(?:add|append|write|put|insert|place|drop|copy|install|save)\b(?:[^.\n]|\.(?=\S)){0,80}?\b(?:to|into|in|onto|under)\s+((?:\/|~\/|\$HOME\/)[^\s,;'"`)]+)/giu,
);

/**
 * An order to write a file that runs code later, grants privileges or governs the agent or its
 * checks is judged as that write would be: the agent told to do it would propose exactly that.
 */
function judgeWriteOrders(text: string, judge: Judge): void {
  for (const match of text.matchAll(WRITE_ORDER.for(text))) {
    const use = usePath((match[1] ?? '').replace(/[.:]$/u, ''), judge.scope);
    const { traits } = use;
    if (
      traits.persistence !== undefined ||
      traits.privilege !== undefined ||
      traits.securityControl !== undefined ||
      traits.agentControl !== undefined
    )
      judgeWrite(use, judge);
  }
}

function outsidePaths(text: string, judge: Judge): PathUse[] {
  const found: PathUse[] = emptyList();
  for (const token of pathTokens(text)) {
    if (!/^(?:\/|~|\$HOME)/u.test(token)) continue;
    const use = usePath(token, judge.scope);
    if (!use.path.inWorkspace) found.push(use);
  }
  return found;
}

/** The text asks for secrets: a secret (named, by path or by value) governed by an access or send verb. */
function asksForSecrets(text: string, secretPaths: () => readonly PathUse[]): string | undefined {
  for (const name of secretNames(text))
    if (verbGoverns(text, name.index, name.phrase.length)) return name.phrase;
  for (const path of secretPaths()) {
    const index = text.indexOf(path.raw);
    if (index !== -1 && verbGoverns(text, index, path.raw.length)) return path.raw;
  }
  return undefined;
}

function judgeOnce(text: string, judge: Judge, role: ProseRole, options: ProseOptions): void {
  const findings = judge.findings;
  const secretValue = secretValueIn(text);
  // Computed only for the roles and branches that read them: each is a scan of the whole text.
  let secretWordsMemo: { readonly value: 'strong' | 'weak' | undefined } | undefined;
  const secretWords = () => (secretWordsMemo ??= { value: namesSecretMaterial(text) }).value;
  let pathsMemo: PathUse[] | undefined;
  const paths = () => (pathsMemo ??= sensitivePaths(text, judge));
  let secretPathsMemo: PathUse[] | undefined;
  const secretPaths = (): PathUse[] => {
    if (secretPathsMemo === undefined) {
      secretPathsMemo = emptyList();
      for (const use of paths())
        if (sensitivityOf(use.traits) === 'secret') secretPathsMemo.push(use);
    }
    return secretPathsMemo;
  };
  const control = controlTampering(text);
  if (control !== undefined) findings.add(PROSE_RULES.securityOverride, control);
  if (role === 'outbound') {
    const code = ONE_TIME_CODE.exec(text)?.[0];
    if (code !== undefined) findings.add(PROSE_RULES.oneTimeCode, code);
    const secretPath = secretValue === undefined ? secretPaths()[0] : undefined;
    if (secretValue !== undefined) findings.add(NETWORK_RULES.sensitiveData, secretValue);
    else if (secretPath !== undefined)
      findings.add(
        NETWORK_RULES.sensitiveData,
        `${secretPath.traits.secret ?? secretPath.traits.agentControl ?? ''}: ${secretPath.raw}`,
      );
    else if (secretWords() === 'strong') {
      // A letter may talk about keys ("rotate the secret key"); only one that hands them over carries them.
      if (options.letter !== true || HANDING_OVER.test(text))
        findings.add(NETWORK_RULES.sensitiveData, keyMaterialPhrase(text));
    } else {
      const dataPath = paths().find((p) => sensitivityOf(p.traits) !== undefined);
      if (dataPath !== undefined) findings.add(NETWORK_RULES.sensitiveData, dataPath.raw);
      else if (secretWords() === 'weak' && options.weakSecretsEscalate && options.letter !== true)
        findings.add(PROSE_RULES.possibleSecret);
    }
  } else {
    const injection = injectionMarker(text);
    if (injection !== undefined) findings.add(PROSE_RULES.promptInjection, injection);
  }
  if (role !== 'outbound') {
    const bypass = waivedCheck(text, APPROVAL_BYPASS);
    if (bypass !== undefined) findings.add(PROSE_RULES.approvalBypass, bypass);
  } else if (options.letter === true && PHISHING.test(text))
    findings.add(PROSE_RULES.phishing, PHISHING.exec(text)?.[0]);
  if (role === 'instruction') {
    const consent = CLAIMED_CONSENT.exec(text)?.[0];
    if (consent !== undefined) findings.add(PROSE_RULES.approvalBypass, consent);
    const intent = proseIntent(text);
    if (intent.harmful !== undefined) findings.add(PROSE_RULES.harmfulIntent, intent.harmful);
    const asked = secretValue ?? asksForSecrets(text, secretPaths);
    if (asked !== undefined) findings.add(PROSE_RULES.secretAccess, asked);
    if (intent.environmentDump && intent.send)
      findings.add(PROSE_RULES.secretAccess, 'environment variables');
    judgeWriteOrders(text, judge);
    if (intent.destructive) {
      const outside = outsidePaths(text, judge);
      if (
        outside.length > 0 ||
        control !== undefined ||
        (RECORDS.test(text) && !recordsInWorkspace(text, judge))
      )
        findings.add(PROSE_RULES.destructive, outside[0]?.raw);
    }
    if (intent.send && intent.external) findings.add(PROSE_RULES.externalSend);
    if (AGENT_FILE_MENTION.test(text) && WRITE_VERB.test(text))
      findings.add(PROSE_RULES.plantedInstructions, AGENT_FILE_MENTION.exec(text)?.[0]);
    return;
  }
  if (role === 'stored') {
    if (secretValue !== undefined) findings.add(PROSE_RULES.secretInText, secretValue);
    const order = standingOrder(text);
    if (order !== undefined) {
      const intent = proseIntent(text);
      if (
        secretWords() === 'strong' ||
        secretPaths().length > 0 ||
        (intent.send &&
          !onlyForbids(text, SEND_VERB) &&
          !(secretWords() === undefined && onlySendsToUser(text, SEND_VERB))) ||
        (intent.destructive && !onlyForbids(text, DESTRUCTIVE_VERB)) ||
        intent.environmentDump
      )
        findings.add(PROSE_RULES.plantedInstructions, order);
    }
  }
  const personal = personalDataIn(text);
  if (personal !== undefined) findings.add(PROSE_RULES.personalData, personal);
}

/** Judges `text` and any layers hidden in it (base64, hex, percent, entities). */
export function judgeProse(
  raw: string,
  judge: Judge,
  role: ProseRole,
  options: ProseOptions = { weakSecretsEscalate: true },
): void {
  if (raw.length > MAX_TEXT) judge.findings.add(PROSE_RULES.tooLarge, `${raw.length} characters`);
  const normalized = normalizeText(raw.slice(0, MAX_TEXT));
  if (normalized.hiddenCharacters) judge.findings.add(OBFUSCATION_RULES.hiddenCharacters);
  if (normalized.mixedScriptWord !== undefined)
    judge.findings.add(OBFUSCATION_RULES.homoglyphText, normalized.mixedScriptWord);
  judgeOnce(normalized.text, judge, role, options);
  if (judge.findings.blocked) return;
  // A stored note has no reason to hide text from a person: what it hides is meant to be decoded
  // and followed by a later run, so it is read as the instruction it will become.
  const hiddenRole = role === 'stored' ? 'instruction' : role;
  for (const layer of hiddenLayers(normalized.text)) judgeOnce(layer, judge, hiddenRole, options);
}
