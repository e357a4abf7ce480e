import { GIT_RULES } from '../rules/git.js';
import type { Rule } from '../registry.js';
import { userSaid, type SaidWords } from './words.js';

type Payload = Readonly<Record<string, unknown>>;

/** Flags that make a push more than sending new commits: each keeps its own judgement and a human. */
const BEYOND_NEW_COMMITS = [
  'force',
  'force_with_lease',
  'mirror',
  'all',
  'delete',
  'tags',
  'prune',
];

/** "Don't push yet", "no pushing": the user named a push to rule it out. */
const FORBIDS_PUSH = /\b(?:don't|dont|do not|never|not|no|without)\s+(?:[\w']+\s+)?push/u;

/**
 * A plain push the user asked for ("push my writing"): new commits to a configured remote (origin,
 * or one the user named), nothing forced, deleted or mirrored. Pushing to the branch others share
 * is then the user's call; every other git rule still judges the push.
 */
export function pushWaivers(
  payload: Payload,
  words: SaidWords,
): { readonly rules: ReadonlySet<Rule>; readonly requestedByUser: boolean } | undefined {
  if (!userSaid('push', words) || FORBIDS_PUSH.test(words.lower)) return undefined;
  const remote = payload['remote'] ?? 'origin';
  if (typeof remote !== 'string' || !/^[\w.-]+$/u.test(remote)) return undefined;
  if (remote !== 'origin' && !userSaid(remote, words)) return undefined;
  const branch = payload['branch'];
  if (branch !== undefined && (typeof branch !== 'string' || branch.startsWith('-')))
    return undefined;
  if (BEYOND_NEW_COMMITS.some((flag) => payload[flag] !== undefined && payload[flag] !== false))
    return undefined;
  return { rules: new Set([GIT_RULES.pushShared]), requestedByUser: false };
}
