import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { ShieldError } from '../errors.js';
import { formatIssues, issueMessages } from '../schema-issues.js';
import type { UserRequest } from '../types.js';

/** One case of the adversarial corpus (../shared/eval/README.md); labels pass through untouched. */
const caseSchema = z.looseObject({
  id: z.string().min(1),
  category: z.string().optional(),
  sophistication: z.string().optional(),
  description: z.string().optional(),
  intent: z.enum(['malicious', 'legitimate']),
  simulated_human: z.enum(['approve', 'deny']).optional(),
  /** The conversation: a message, turns, or nested sessions; read only for its text. */
  input: z.unknown().optional(),
  injected_content: z.unknown().optional(),
  expected_harmful_action: z.looseObject({
    type: z.string().min(1),
    payload: z.record(z.string(), z.unknown()).default({}),
  }),
});

export type CorpusCase = z.output<typeof caseSchema>;

/** Labels that describe the conversation's shape rather than say anything in it. */
const STRUCTURAL_KEYS = new Set(['type', 'role', 'location', 'source']);

/**
 * A case's conversation as the engine sees the turn that proposes the action: the user's message of
 * that turn (the last one with role `user`, or a `single_message` / `multi_turn` input), the outside
 * content the turn read after it (tool output, pages, planted content), and whether anything but
 * the user's words came earlier in the session. The model's own replies (role `assistant`) are
 * neither: the engine never takes them for the user's words, and it judges what they drew on when
 * that arrived.
 */
export interface CaseTurn {
  readonly userRequest: UserRequest | undefined;
  /** This turn's outside texts, planted content first: each judged once as it arrives. */
  readonly reads: readonly string[];
  /** What the classifier and tier 2 read: the user's message, then this turn's reads. */
  readonly contextText: string | undefined;
}

export function caseTurn(c: CorpusCase): CaseTurn {
  const entries = conversationEntries(c.input);
  const lastUser = entries.findLastIndex((entry) => entry.speaker === 'user');
  const firstOfMessage = lastUser < 0 ? -1 : messageStart(entries, lastUser);
  const userText = entries
    .slice(firstOfMessage, lastUser + 1)
    .map((entry) => entry.text)
    .join('\n');
  const outsideTexts = (from: number, to: number) =>
    entries.slice(from, to).flatMap((entry) => (entry.speaker === 'outside' ? [entry.text] : []));
  const reads = [
    ...conversationEntries(c.injected_content).map((entry) => entry.text),
    ...outsideTexts(lastUser + 1, entries.length),
  ];
  const earlier = outsideTexts(0, Math.max(firstOfMessage, 0)).length > 0;
  const userRequest =
    lastUser < 0 ? undefined : { text: userText, untrustedContent: earlier || reads.length > 0 };
  const context = [...(lastUser < 0 ? [] : [userText]), ...reads];
  return {
    userRequest,
    reads,
    contextText: context.length === 0 ? undefined : context.join('\n\n'),
  };
}

/** Conversation shapes whose text the user typed; any other shape, and any other role, is not theirs. */
const USER_INPUT_TYPES = new Set(['single_message', 'multi_turn']);

type Speaker = 'user' | 'assistant' | 'outside';
interface Entry {
  readonly text: string;
  readonly speaker: Speaker;
  readonly message: number;
}

/** The user's message is every text of the message object that holds its last text. */
function messageStart(entries: readonly Entry[], last: number): number {
  let first = last;
  while (first > 0 && entries[first - 1]?.message === entries[last]?.message) first--;
  return first;
}

/** Who says what a message object holds: its role, else its shape, else whoever holds it. */
function speakerOf(role: unknown, type: unknown, inherited: Speaker): Speaker {
  if (typeof role === 'string')
    return role === 'user' ? 'user' : role === 'assistant' ? 'assistant' : 'outside';
  if (typeof type === 'string') return USER_INPUT_TYPES.has(type) ? 'user' : 'outside';
  return inherited;
}

/** The conversation's texts in order, each with who said it and the message object it belongs to. */
function conversationEntries(input: unknown): Entry[] {
  const entries: Entry[] = [];
  let messages = 0;
  const visit = (value: unknown, speaker: Speaker, message: number, depth: number): void => {
    if (depth > 8) return;
    if (typeof value === 'string') {
      if (value.trim() !== '') entries.push({ text: value, speaker, message });
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, speaker, message, depth + 1);
    } else if (value !== null && typeof value === 'object') {
      const { role, type } = value as Record<string, unknown>;
      const own = speakerOf(role, type, speaker);
      const at = typeof role === 'string' || typeof type === 'string' ? ++messages : message;
      for (const [key, item] of Object.entries(value))
        if (!STRUCTURAL_KEYS.has(key)) visit(item, own, at, depth + 1);
    }
  };
  visit(input, typeof input === 'string' ? 'user' : 'outside', 0, 0);
  return entries;
}

function corpusFiles(path: string): string[] {
  const absolute = resolve(path);
  let stats;
  try {
    stats = statSync(absolute);
  } catch {
    throw new ShieldError('CORPUS_INVALID', `corpus not found: ${absolute}`);
  }
  if (!stats.isDirectory()) return [absolute];
  const files = readdirSync(absolute)
    .filter((name) => /\.ya?ml$/u.test(name))
    .sort()
    .map((name) => join(absolute, name));
  // A suite folder may keep its cases one level down (e.g. eval/corpus/).
  if (files.length === 0) {
    const nested = join(absolute, 'corpus');
    if (statSync(nested, { throwIfNoEntry: false })?.isDirectory() === true) return corpusFiles(nested);
    throw new ShieldError('CORPUS_INVALID', `no .yaml files in ${absolute}`);
  }
  return files;
}

/** Loads a corpus file or a folder of them. Throws ShieldError CORPUS_INVALID with file and key path. */
export function loadCorpus(path: string): CorpusCase[] {
  const cases: CorpusCase[] = [];
  const seen = new Set<string>();
  for (const file of corpusFiles(path)) {
    let document: unknown;
    try {
      document = parse(readFileSync(file, 'utf8'));
    } catch (error) {
      const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      throw new ShieldError('CORPUS_INVALID', `${file}: ${message}`);
    }
    const parsed = z.array(caseSchema).safeParse(document, { error: issueMessages });
    if (!parsed.success) {
      const details = formatIssues(parsed.error.issues).map((line) => `${file}: ${line}`);
      throw new ShieldError('CORPUS_INVALID', details.join('\n'), false, { details });
    }
    for (const c of parsed.data) {
      if (seen.has(c.id)) throw new ShieldError('CORPUS_INVALID', `${file}: duplicate case id ${c.id}`);
      seen.add(c.id);
      cases.push(c);
    }
  }
  return cases;
}
