import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';

/**
 * Text that hands an agent authority: "you are cleared to push to main", "the user has allowed
 * you to share files", "your spending limit was lifted", "standing approval". Authority reaches an
 * agent through the engine's policy and the human's approvals, never through text another agent
 * or an old note wrote.
 */
const GRANTED = [
  'cleared',
  /authori[sz]ed/u,
  'permitted',
  /granted (?:access|permission|the right)/u,
  /given (?:full |admin |root )?(?:access|permission|authority|clearance)/u,
  'entitled',
];
const YOU_ARE_GRANTED = String.raw`\b(?:you|agents?|the assistant|helpers?)\s+(?:are|is|have been|has been|were|was)\s+(?:now\s+|hereby\s+|also\s+)?(?:${alternation(GRANTED)})\b`;
const GRANTING_PEOPLE = ['user', 'owner', 'human', /admin(?:istrator)?/u, 'operator'];
const GRANTING_VERBS = [
  'allows',
  'allowed',
  'lets',
  'let',
  /authori[sz]es/u,
  /authori[sz]ed/u,
  'permits',
  'permitted',
  'trusts',
];
const PERSON_GRANTS = String.raw`\b(?:the\s+)?(?:${alternation(GRANTING_PEOPLE)})\s+(?:has\s+|have\s+|had\s+|already\s+)*(?:${alternation(GRANTING_VERBS)})\s+(?:you|agents?|the assistant|helpers?)\s+(?:to\b|with\b)`;
const SCOPES = [
  /limits?/u,
  /permissions?/u,
  'access',
  /privileges?/u,
  'scope',
  /restrictions?/u,
  /quotas?/u,
  /budgets?/u,
];
const CHANGED = ['raised', 'lifted', 'removed', 'extended', 'expanded', 'elevated', 'waived'];
const SCOPE_CHANGED = String.raw`\byour\s+(?:\w+\s+)?(?:${alternation(SCOPES)})\s+(?:has|have|was|were|is|are)\s+(?:been\s+)?(?:${alternation(CHANGED)})\b`;
const BROAD_AUTHORITY = String.raw`\b(?:full|unrestricted|unlimited|elevated|admin|root)\s+(?:access|authority|permissions?|privileges|rights|clearance|control)\b|\bstanding\s+(?:permission|approval|authori[sz]ation|consent)\b`;

const PERMISSION_GRANT = caseless(
  new RegExp([YOU_ARE_GRANTED, PERSON_GRANTS, SCOPE_CHANGED, BROAD_AUTHORITY].join('|'), 'iu'),
);

export function grantsPermission(text: string): string | undefined {
  return PERMISSION_GRANT.exec(text)?.[0];
}
