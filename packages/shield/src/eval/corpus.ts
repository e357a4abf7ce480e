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

function conversationTexts(value: unknown, out: string[], depth = 0): string[] {
  if (depth > 8) return out;
  if (typeof value === 'string') {
    if (value.trim() !== '') out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) conversationTexts(item, out, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) if (!STRUCTURAL_KEYS.has(key)) conversationTexts(item, out, depth + 1);
  }
  return out;
}

/** The conversation that led to the action: what the classifier and tier 2 read as context. */
export function caseContextText(c: CorpusCase): string | undefined {
  const parts = conversationTexts([c.input, c.injected_content], []);
  return parts.length === 0 ? undefined : parts.join('\n\n');
}

/** Conversation shapes whose text the user typed; any other shape, and any other role, is not theirs. */
const USER_INPUT_TYPES = new Set(['single_message', 'multi_turn']);

/**
 * The user's own words in the case's conversation (messages with role `user`, or a `single_message`
 * / `multi_turn` input), and whether anything else was in it (planted content, other roles, other
 * shapes of input): what the engine knows as the turn's user message and the session's outside reads.
 */
export function caseUserRequest(c: CorpusCase): UserRequest | undefined {
  const { user, outside } = splitConversation(c);
  return user.length === 0 ? undefined : { text: user.join('\n'), untrustedContent: outside.length > 0 };
}

/**
 * The texts of the case's conversation that are not the user's own words (planted content, tool
 * output, pages, other roles): what the engine judges as outside content as each arrives.
 */
export function caseOutsideTexts(c: CorpusCase): string[] {
  return splitConversation(c).outside;
}

function splitConversation(c: CorpusCase): { user: string[]; outside: string[] } {
  const user: string[] = [];
  const outside = conversationTexts([c.injected_content], []);
  const visit = (value: unknown, fromUser: boolean, depth: number): void => {
    if (depth > 8) return;
    if (typeof value === 'string') {
      if (value.trim() === '') return;
      if (fromUser) user.push(value);
      else outside.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, fromUser, depth + 1);
    } else if (value !== null && typeof value === 'object') {
      const { role, type } = value as Record<string, unknown>;
      const speaker = typeof role === 'string' ? role === 'user' : typeof type === 'string' ? USER_INPUT_TYPES.has(type) : fromUser;
      for (const [key, item] of Object.entries(value)) if (!STRUCTURAL_KEYS.has(key)) visit(item, speaker, depth + 1);
    }
  };
  visit(c.input, typeof c.input === 'string', 0);
  return { user, outside };
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
