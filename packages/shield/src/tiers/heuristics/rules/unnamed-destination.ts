import { personalDocumentIn } from '../content/personal-documents.js';
import type { Findings } from '../findings.js';
import { unnamedDestinations, type Outbound } from '../intent/destinations.js';
import { userNamedFile } from '../intent/recipients.js';
import { saidWords } from '../intent/words.js';
import { defineRule } from '../registry.js';
import type { UserRequest } from '../../../types.js';
import { PROSE_RULES } from './prose.js';

/**
 * Data sent off this machine cannot be taken back, so where it goes must be somewhere the user
 * said. Personal data, personal or confidential documents and whole folders sent to an address or
 * host the user did not type are what a pretext is written to get; and a send pressed with hurry
 * or feeling (urgency, rank, consent given in words) to a destination, or of such files, the user
 * did not name is how a person is talked into it. What the user named stays with a human.
 */
export const UNNAMED_DESTINATION_RULES = {
  sensitiveSend: defineRule(
    'exfil.unnamed_destination',
    'block',
    'sends personal data, private files or whole folders somewhere the user did not name',
  ),
  pressedSend: defineRule(
    'induced.pressed_send',
    'block',
    'sends data or files the user did not name, pressed by hurry, rank or claimed consent',
  ),
};

/** Personal or confidential documents sent, or a whole folder: files nobody sends in passing. */
function sensitiveFiles(outbound: Outbound): string | undefined {
  for (const file of outbound.files) {
    const word = personalDocumentIn(file);
    if (word !== undefined) return `${file} (${word})`;
  }
  return outbound.wholeFolder ? 'a whole folder' : undefined;
}

/**
 * Called for a send the other rules found needs a human, without blocking it; `pressure` is the
 * first phrase of hurry or claimed permission that led to it, if any.
 */
export function judgeUnnamedDestination(
  outbound: Outbound,
  request: UserRequest,
  pressure: string | undefined,
  findings: Findings,
): void {
  const words = saidWords(request);
  const files = sensitiveFiles(outbound);
  const filesNamed = outbound.files.every((file) =>
    userNamedFile(file.replace(/\/+$/u, ''), words),
  );
  const personal = findings.result().ruleIds.includes(PROSE_RULES.personalData.id);
  // Files the user did not ask for go only where they typed the address out: a mailbox called
  // after a word they used ("my accountant") may be anyone's.
  const unnamed = unnamedDestinations(outbound, words, files !== undefined && !filesNamed);
  const where = unnamed.slice(0, 2).join(', ');
  if (unnamed.length > 0 && (files !== undefined || personal))
    return findings.add(
      UNNAMED_DESTINATION_RULES.sensitiveSend,
      `${files ?? 'personal data'} to ${where}`,
    );
  if (pressure === undefined) return;
  // Pressed, even to a destination they named, files the user did not name are not theirs to send.
  if (files !== undefined && !filesNamed)
    return findings.add(UNNAMED_DESTINATION_RULES.pressedSend, `"${pressure}", ${files}`);
  if (unnamed.length > 0)
    findings.add(UNNAMED_DESTINATION_RULES.pressedSend, `"${pressure}", to ${where}`);
}
