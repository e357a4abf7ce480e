import { hiddenLayers } from '../decode/hidden-layers.js';
import { controlTampering, injectionMarker, standingOrder } from '../content/instructions.js';
import { proseIntent, verbGoverns } from '../content/intent.js';
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
const R = PROSE_RULES;

/**
 * Orders that switch off the human in the loop: act without asking, treat something as approved,
 * skip a review, a confirmation, a limit or the Shield. Planted in memory, a task or a message to
 * another agent, they outlive the conversation that wrote them.
 */
const APPROVAL_BYPASS = caseless(
  /\b(?:without (?:asking|checking|confirm(?:ing|ation)|approval|review(?:ing)?|telling|consulting|notify(?:ing)?)|never ask(?:s|ing)?(?: me| the user| for)?|(?:do not|don'?t|no need to) (?:ask|check|confirm|tell)|(?:pre|auto)-?approved|approved:\s*true|(?:skip|bypass|ignore|disable)(?:s|ping)? (?:the |any |all |every )?(?:review|confirmations?|checks?|security|scan(?:ner)?|spending limit|limits?|approvals?|shield)|is (?:in )?test mode)\b/iu,
);

/**
 * An order to another agent that vouches for the user's consent ("the user agreed", "the owner
 * approved this"): consent reaches an agent from the human through an approval, never through
 * another agent's words.
 */
const CLAIMED_CONSENT = caseless(
  /\b(?:the |my |your )?(?:user|owner|human|boss|admin(?:istrator)?)\s+(?:has\s+|had\s+|already\s+|also\s+)*(?:agreed|approved|consented|okayed|signed off|said so|confirmed|authori[sz]ed|allowed it|is (?:ok|okay|fine) with (?:it|this|that))\b/iu,
);

/** Mail that asks its readers to hand over their password behind a link: phishing. */
const PHISHING = caseless(
  /\b(?:verify|confirm|update|validate|re-?enter|reset)\s+your\s+(?:password|credentials|account|login|details|identity)\b[\s\S]*?(?:https?:\/\/|www\.)/iu,
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

/** A sign-in, verification or reset code with its digits: whoever holds it completes the login. */
const ONE_TIME_CODE = caseless(
  /\b(?:(?:verification|verify|security|login|log-?in|sign-?in|one-?time|2fa|mfa|otp|totp|authenticat(?:ion|or)|auth|reset|recovery|backup|sms|passcode)(?:\s+(?:code|codes|pin|token|number|passcode))?|(?<!(?:zip|postal|area|country|error|status|exit|promo|discount|product|tracking|source|dress|bar|qr|colou?r|post)\s)codes?|pin)\b[^\n\d]{0,40}\d(?:[ -]?\d){3,9}\b|\b\d(?:[ -]?\d){3,9}\b[^\n\d]{0,30}\b(?:to (?:sign|log) ?in|to verify|to confirm (?:my|the|your) (?:identity|account|login)|(?:verification|login|sign-?in|security) code)\b/iu,
);

/** Words that present what follows as delivered: "here are the keys", "attached", "as requested". */
const HANDING_OVER = caseless(
  /\b(?:here (?:is|are)|attached|enclosed|below (?:is|are)|as (?:you )?requested|you asked for|sending you|i am sending|i'm sending|copy of (?:the|my|our))\b/iu,
);

const AGENT_FILE_MENTION = caseless(
  /\b(?:AGENTS?\.md|CLAUDE\.md|GEMINI\.md|\.cursorrules|\.windsurfrules|copilot-instructions|system prompt|MEMORY\.md|SOUL\.md|IDENTITY\.md|HEARTBEAT\.md)\b/iu,
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
  const f = judge.findings;
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
  if (control !== undefined) f.add(R.securityOverride, control);
  if (role === 'outbound') {
    const code = ONE_TIME_CODE.exec(text)?.[0];
    if (code !== undefined) f.add(R.oneTimeCode, code);
    const secretPath = secretValue === undefined ? secretPaths()[0] : undefined;
    if (secretValue !== undefined) f.add(NETWORK_RULES.sensitiveData, secretValue);
    else if (secretPath !== undefined)
      f.add(
        NETWORK_RULES.sensitiveData,
        `${secretPath.traits.secret ?? secretPath.traits.agentControl ?? ''}: ${secretPath.raw}`,
      );
    else if (secretWords() === 'strong') {
      // A letter may talk about keys ("rotate the secret key"); only one that hands them over carries them.
      if (options.letter !== true || HANDING_OVER.test(text))
        f.add(NETWORK_RULES.sensitiveData, keyMaterialPhrase(text));
    } else {
      const dataPath = paths().find((p) => sensitivityOf(p.traits) !== undefined);
      if (dataPath !== undefined) f.add(NETWORK_RULES.sensitiveData, dataPath.raw);
      else if (secretWords() === 'weak' && options.weakSecretsEscalate && options.letter !== true)
        f.add(R.possibleSecret);
    }
  } else {
    const injection = injectionMarker(text);
    if (injection !== undefined) f.add(R.promptInjection, injection);
  }
  if (role !== 'outbound') {
    const bypass = APPROVAL_BYPASS.exec(text)?.[0];
    if (bypass !== undefined) f.add(R.approvalBypass, bypass);
  } else if (options.letter === true && PHISHING.test(text))
    f.add(R.phishing, PHISHING.exec(text)?.[0]);
  if (role === 'instruction') {
    const consent = CLAIMED_CONSENT.exec(text)?.[0];
    if (consent !== undefined) f.add(R.approvalBypass, consent);
    const intent = proseIntent(text);
    if (intent.harmful !== undefined) f.add(R.harmfulIntent, intent.harmful);
    const asked = secretValue ?? asksForSecrets(text, secretPaths);
    if (asked !== undefined) f.add(R.secretAccess, asked);
    if (intent.environmentDump && intent.send) f.add(R.secretAccess, 'environment variables');
    if (intent.destructive) {
      const outside = outsidePaths(text, judge);
      if (outside.length > 0 || control !== undefined || RECORDS.test(text))
        f.add(R.destructive, outside[0]?.raw);
    }
    if (intent.send && intent.external) f.add(R.externalSend);
    if (AGENT_FILE_MENTION.test(text) && WRITE_VERB.test(text))
      f.add(R.plantedInstructions, AGENT_FILE_MENTION.exec(text)?.[0]);
    return;
  }
  if (role === 'stored') {
    if (secretValue !== undefined) f.add(R.secretInText, secretValue);
    const order = standingOrder(text);
    if (order !== undefined) {
      const intent = proseIntent(text);
      if (
        secretWords() === 'strong' ||
        secretPaths().length > 0 ||
        intent.send ||
        intent.destructive ||
        intent.environmentDump
      )
        f.add(R.plantedInstructions, order);
    }
  }
  const personal = personalDataIn(text);
  if (personal !== undefined) f.add(R.personalData, personal);
}

/** Judges `text` and any layers hidden in it (base64, hex, percent, entities). */
export function judgeProse(
  raw: string,
  judge: Judge,
  role: ProseRole,
  options: ProseOptions = { weakSecretsEscalate: true },
): void {
  if (raw.length > MAX_TEXT) judge.findings.add(R.tooLarge, `${raw.length} characters`);
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
