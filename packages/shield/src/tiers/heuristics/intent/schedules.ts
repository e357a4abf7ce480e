import { alternation } from '../text/word-list.js';
import type { SaidWords } from './words.js';

/** Words that ask for something to happen again, or later. */
const RECURRENCE_WORDS = [
  'every',
  'each',
  'daily',
  'weekly',
  'monthly',
  'hourly',
  'nightly',
  'yearly',
  /weekdays?/u,
  /weekends?/u,
  'mornings',
  'evenings',
  'nights',
  'remind me',
];
const RECURRENCE = new RegExp(String.raw`\b(?:${alternation(RECURRENCE_WORDS)})\b`, 'u');

const DAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAYS = [1, 2, 3, 4, 5];
const WEEKEND = [0, 6];

/** Days of the week the user's words name (weekdays, weekends, or the days themselves). */
function daysSaid(lower: string): Set<number> {
  const days = new Set<number>();
  DAY_NAMES.forEach((name, day) => {
    if (new RegExp(`\\b${name}s?\\b`, 'u').test(lower)) days.add(day);
  });
  if (/\bweekdays?\b/u.test(lower)) for (const day of WEEKDAYS) days.add(day);
  if (/\bweekends?\b/u.test(lower)) for (const day of WEEKEND) days.add(day);
  return days;
}

/** Hours the user's words name ("at 7", "7am", "19:00", "7 pm"): both halves of the clock when unsaid. */
function hoursSaid(lower: string): Set<number> {
  const hours = new Set<number>();
  for (const match of lower.matchAll(
    /\b(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.|h\b|o'clock)?/gu,
  )) {
    const hour = Number(match[1]);
    const explicit = match[2] !== undefined || match[3] !== undefined || /^at\s/u.test(match[0]);
    if (!explicit || hour > 23) continue;
    const pm = match[3]?.startsWith('p') === true;
    const am = match[3]?.startsWith('a') === true;
    if (pm) hours.add((hour % 12) + 12);
    else if (am) hours.add(hour % 12);
    else {
      hours.add(hour);
      if (match[2] === undefined && hour < 12) hours.add(hour + 12);
    }
  }
  return hours;
}

/** The values a plain cron field lists (`5`, `1-5`, `0,6`); undefined for steps, names and `*`. */
function fieldValues(field: string, max: number): number[] | undefined {
  const values: number[] = [];
  for (const part of field.split(',')) {
    const range = /^(\d{1,2})(?:-(\d{1,2}))?$/u.exec(part);
    if (!range) return undefined;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from > to || to > max) return undefined;
    for (let value = from; value <= to; value += 1) values.push(value);
  }
  return values;
}

const MONTH_NAMES = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
];
const MONTH = String.raw`(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const DAY_MONTH = new RegExp(String.raw`\b${DAY}\s+(?:of\s+)?${MONTH}(?![a-z])`, 'gu');
const MONTH_DAY = new RegExp(String.raw`\b${MONTH}\s+${DAY}\b`, 'gu');

/** Calendar dates the user's words name ("on 2 December", "Dec 2nd"), as `month-day`. */
function datesSaid(lower: string): Set<string> {
  const dates = new Set<string>();
  for (const [, day, month] of lower.matchAll(DAY_MONTH))
    dates.add(`${MONTH_NAMES.indexOf(month ?? '') + 1}-${Number(day)}`);
  for (const [, month, day] of lower.matchAll(MONTH_DAY))
    dates.add(`${MONTH_NAMES.indexOf(month ?? '') + 1}-${Number(day)}`);
  return dates;
}

/**
 * A cron line fixed to one date (`0 7 2 12 *`) is how a one-off on "2 December at 7" is written: it
 * matches when the user named that date and, if they named an hour, that hour.
 */
function datedCronMatches(fields: readonly string[], lower: string): boolean {
  const [minute = '', hour = '', dayOfMonth = '', month = '', dayOfWeek = ''] = fields;
  if (dayOfWeek !== '*' || fieldValues(minute, 59)?.length !== 1) return false;
  const hours = fieldValues(hour, 23);
  const day = fieldValues(dayOfMonth, 31);
  const months = fieldValues(month, 12);
  if (hours?.length !== 1 || day?.length !== 1 || months?.length !== 1) return false;
  if (!datesSaid(lower).has(`${months[0] ?? 0}-${day[0] ?? 0}`)) return false;
  const saidHours = hoursSaid(lower);
  return saidHours.size === 0 || saidHours.has(hours[0] ?? -1);
}

/**
 * Whether a five-field cron line runs when the user asked: a recurring request, a fixed minute and
 * hour (an hourly or more frequent job only when they said so), only on the days they named (any
 * day when they named none), every month, and at the hour they named if they named one.
 */
export function cronMatchesRequest(cron: string, words: SaidWords): boolean {
  const lower = words.lower;
  const fields = cron.trim().split(/\s+/u);
  if (fields.length !== 5) return false;
  if (datedCronMatches(fields, lower)) return true;
  if (!RECURRENCE.test(lower)) return false;
  const [minute = '', hour = '', dayOfMonth = '', month = '', dayOfWeek = ''] = fields;
  if (fieldValues(minute, 59)?.length !== 1) return false;
  const hours = fieldValues(hour, 23);
  const often = /\b(?:hourly|every hour|each hour)\b/u.test(lower);
  if (hours === undefined ? !(often && hour === '*') : hours.length === 0) return false;
  if (month !== '*') return false;
  if (dayOfMonth !== '*' && !/\b(?:monthly|every month|each month)\b/u.test(lower)) return false;
  const named = daysSaid(lower);
  if (dayOfWeek === '*') {
    if (named.size > 0) return false;
  } else {
    const days = fieldValues(dayOfWeek.replace(/\b7\b/u, '0'), 6);
    if (days === undefined || named.size === 0 || !days.every((d) => named.has(d))) return false;
  }
  const saidHours = hoursSaid(lower);
  return saidHours.size === 0 || hours === undefined || hours.every((h) => saidHours.has(h));
}

/** Words that set a single time: "tomorrow at 9", "tonight", "on Friday", "in two hours". */
const ONE_TIME =
  /\b(?:remind me|tomorrow|today|tonight|this (?:morning|afternoon|evening)|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|at \d{1,2}(?::\d{2})?|in (?:an?|\d+|one|two|three|ten|twenty|thirty) (?:minutes?|hours?))\b/u;

/**
 * Whether a one-off run at `at` (`2026-11-25T09:00:00`, or `09:00`) is the time the user asked for:
 * their words set a single time and, when they name an hour, it is this one.
 */
export function atMatchesRequest(at: string, words: SaidWords): boolean {
  const lower = words.lower;
  if (!ONE_TIME.test(lower) || RECURRENCE.test(lower.replace(/\bremind me\b/gu, ''))) return false;
  const hour = /(?:^|T|\s)(\d{2}):\d{2}/u.exec(at.trim())?.[1];
  if (hour === undefined) return false;
  const saidHours = hoursSaid(lower);
  return saidHours.size === 0 || saidHours.has(Number(hour));
}
