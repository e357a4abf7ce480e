import { namesSecretMaterial } from '../content/secrets.js';
import { stemsOf, userSaidStem, userTyped, type SaidWords } from './words.js';

/**
 * Words that carry no request of their own: articles and pronouns, "the user" the task is for,
 * "remind" and "tell" (what every such task does), and when it happens. The rest of a task is
 * weighed against what the user said.
 */
const FRAMING = new Set(
  stemsOf(`a an the this that these those it its of to for from in on at by with and or as about
  i me my mine you your we us our they them their he him his she her user remind reminder tell
  let know please today tomorrow tonight day daily week weekly month monthly morning evening night
  monday tuesday wednesday thursday friday saturday sunday`),
);

/** What a task would smuggle in: addresses, paths, links and commands. */
const SMUGGLED = /[@/\\`$|<>{}[\]=~]|https?:|\.\w{2,4}\b/u;

/**
 * Verbs that make an agent act on someone or something (send, delete, pay, invite …), and the
 * material an act would hand over: added by anyone but the user, they are a new errand.
 */
const ACTING = new Set(
  stemsOf(`send sent forward email mail post publish share upload download delete remove erase wipe
  drop destroy run execute exec install uninstall disable enable approve grant revoke pay paid
  transfer buy purchase order book cancel invite notify message reply sign accept decline change
  modify move rename save store remember schedule create spawn push commit merge deploy
  restart stop kill login password key token secret credential contact call phone text inform ask
  subscribe unsubscribe follow submit attach copy export import sync backup reset update upgrade add
  set turn open click visit fetch access`),
);

/**
 * A file of the workspace named by a folder path (`book/ch03.md`, `finance/expenses.csv`): a task
 * that runs without the conversation must say which file "chapter 3" is. No segment is hidden
 * (`.env`, `.ssh`) or climbs out (`..`), and the first is a folder name, never a host
 * (`evil.example/x`). What the task then does to it is judged call by call.
 */
const WORKSPACE_FILE =
  /(?<![\p{L}\p{N}_./~@:-])(?:[\p{L}\p{N}_-]+\/)+[\p{L}\p{N}_-][\p{L}\p{N}_.-]*(?![\p{L}\p{N}_/@:-])/gu;

/**
 * Whether a task rephrases the user's request (an agent's message, a scheduled prompt): it is
 * anchored on their errand (two of their words, or one that is at least half of the task), and
 * what it adds only describes (a number, "reputable", "per night") or names the workspace file
 * meant, never acts on anything or names what an act would hand over.
 */
export function taskParaphrasesUser(texts: readonly string[], words: SaidWords): boolean {
  let theirs = 0;
  let added = 0;
  for (const written of texts) {
    const text = written
      .replace(TYPED_PATH, (path) => {
        // A folder or file the user typed out (`/mnt/backup`) is their word.
        if (!userTyped(path, words)) return path;
        theirs += 1;
        return ' ';
      })
      .replace(WORKSPACE_FILE, (path) => {
        // The file the user typed is their word; any other is one the task adds.
        if (words.lower.includes(path.toLowerCase())) theirs += 1;
        else added += 1;
        return namesSecretMaterial(path) === undefined ? ' ' : path;
      });
    if (SMUGGLED.test(text)) return false;
    for (const word of stemsOf(text)) {
      if (FRAMING.has(word)) continue;
      if (userSaidStem(word, words)) theirs += 1;
      else if (ACTING.has(word)) return false;
      else added += 1;
    }
  }
  return theirs > 1 || (theirs === 1 && added <= 1);
}

/** An absolute or home path, without the punctuation that ends a sentence around it. */
const TYPED_PATH = /(?<![\p{L}\p{N}_.-])[~/][^\s<>()"',;]*[^\s<>()"',;.!?]/gu;

/** An address or link the user typed out, with the punctuation around it in a sentence. */
const TYPED_ADDRESS = /[^\s<>()"',;]*[@:][^\s<>()"',;]*[^\s<>()"',;.!?]/gu;

/**
 * Whether texts are made only of the user's own words (framing aside) and smuggle nothing in: the
 * stricter test for what must not paraphrase (a memory note, authority granted to an agent).
 */
export function taskInUserWords(texts: readonly string[], words: SaidWords): boolean {
  let any = false;
  for (const written of texts) {
    // What the user typed out ("my accountant is maria@keller-tax.example") is theirs, not smuggled.
    const text = written.replace(TYPED_ADDRESS, (address) =>
      userTyped(address, words) ? ' ' : address,
    );
    if (SMUGGLED.test(text)) return false;
    for (const word of stemsOf(text)) {
      if (FRAMING.has(word)) continue;
      if (!userSaidStem(word, words)) return false;
      any = true;
    }
  }
  return any;
}

/** Whether `text` asks for an act (send, delete, pay, change …) in any of its words. */
export function asksToAct(text: string): boolean {
  return stemsOf(text).some((word) => ACTING.has(word));
}
