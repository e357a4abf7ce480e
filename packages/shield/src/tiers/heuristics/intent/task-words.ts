import { stemsOf, userSaid, type SaidWords } from './words.js';

/**
 * Words that carry no request of their own: articles and pronouns, "the user" the task is for,
 * "remind" and "tell" (what every such task does), and when it happens. Everything else in a task
 * must be a word the user said.
 */
const FRAMING = new Set(
  stemsOf(`a an the this that these those it its of to for from in on at by with and or as about
  i me my mine you your we us our they them their he him his she her user remind reminder tell
  let know please today tomorrow tonight day daily week weekly month monthly morning evening night
  monday tuesday wednesday thursday friday saturday sunday`),
);

/** Whether a task (an agent's message, a scheduled prompt) is made only of the user's own words. */
export function taskInUserWords(texts: readonly string[], words: SaidWords): boolean {
  let any = false;
  for (const text of texts) {
    // Addresses, paths, links and commands are what a task would smuggle: only words pass.
    if (/[@/\\`$|<>{}[\]=~]|https?:|\.\w{2,4}\b/u.test(text)) return false;
    for (const word of stemsOf(text)) {
      if (FRAMING.has(word)) continue;
      if (!userSaid(word, words)) return false;
      any = true;
    }
  }
  return any;
}
