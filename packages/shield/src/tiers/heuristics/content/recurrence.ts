import { caseless } from '../../../caseless.js';
import { alternation } from '../text/word-list.js';

/**
 * Work that repeats on its own ("once a day", "every hour", "in the background"): an agent given
 * it runs unwatched like a schedule does, long after the turn that started it.
 */
const PERIODS = ['minute', 'hour', 'day', 'night', 'morning', 'evening', 'week', 'month'];
const RECURRING = [
  String.raw`(?:every|each)\s+(?:\d+\s+)?(?:${alternation(PERIODS)})s?`,
  String.raw`(?:once|twice)\s+(?:a|an|per|every)\s+(?:${alternation(PERIODS)})`,
  'daily',
  'hourly',
  'nightly',
  'weekly',
  'continuously',
  'constantly',
  String.raw`in\s+the\s+background`,
  String.raw`around\s+the\s+clock`,
  String.raw`(?:on|at)\s+(?:a\s+)?(?:schedule|timer|regular\s+intervals)`,
];
const RECURRENCE = caseless(new RegExp(String.raw`\b(?:${RECURRING.join('|')})\b`, 'iu'));

export function recurs(text: string): boolean {
  return RECURRENCE.test(text);
}
