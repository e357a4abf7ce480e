import { stem, stemsOf, userSaidStem, userTyped, type SaidWords } from './words.js';

/**
 * The words people use for the standard folders of a home ("my photos" is `~/Pictures`, "what I
 * downloaded" is `~/Downloads`), as stems.
 */
const HOME_FOLDER_WORDS: ReadonlyMap<string, readonly string[]> = new Map(
  Object.entries({
    pictures: ['photo', 'picture', 'pic', 'image'],
    photos: ['photo', 'picture', 'pic', 'image'],
    documents: ['document', 'doc'],
    downloads: ['download'],
    videos: ['video', 'movie', 'film'],
    movies: ['video', 'movie', 'film'],
    music: ['music', 'song'],
    desktop: ['desktop'],
  }).map(([folder, words]) => [folder, words.map(stem)]),
);

/** A segment made by the shell at run time: a pattern, a variable, a substitution. */
const COMPUTED = /[$`*?[\]{}]/u;
/** A folder named by a date (`2026`, `2025-03`): the folder above it says what it holds. */
const DATE_FOLDER = /^\d{4}(?:[-_.]\d{1,2}){0,2}$/u;

/**
 * Where a path outside the workspace may be named by its folders' words: the home, a drive, or
 * the folder a machine serves its web sites from.
 */
const NAMEABLE_ROOT = /^(?:~\/|\/(?:media|run\/media)\/[^/]+\/|\/mnt\/|\/var\/www\/)/u;

function folderNameSaid(name: string, words: SaidWords): boolean {
  const stems = stemsOf(name);
  if (stems.length > 0 && stems.every((part) => userSaidStem(part, words))) return true;
  return HOME_FOLDER_WORDS.get(name.toLowerCase())?.some((part) => words.stems.has(part)) ?? false;
}

/**
 * Whether the user named this folder (segments under a home or a drive, no hidden or computed
 * ones): they said its name ("my thesis folder" for `~/Documents/thesis`, "the backup drive" for
 * `/media/alice/Backup`), or it is named by a date and they named the folder above it.
 */
function folderSaid(segments: readonly string[], words: SaidWords): boolean {
  for (let at = segments.length - 1; at >= 0; at--) {
    const name = segments[at] ?? '';
    if (DATE_FOLDER.test(name)) continue;
    return folderNameSaid(name, words);
  }
  return false;
}

/**
 * A path outside the workspace that lies in a folder the user typed out (`~/Backups`) or named by
 * its words, or is that folder: the home itself, hidden folders (keys, settings, tokens) and
 * anything computed at run time never are.
 */
export function userNamedPlace(path: string, words: SaidWords): boolean {
  const trimmed = path.replace(/\/+$/u, '');
  const folder = path.endsWith('/') ? trimmed : trimmed.replace(/\/[^/]*$/u, '');
  if (folder !== '' && folder !== '~' && userTyped(folder, words)) return true;
  const root = NAMEABLE_ROOT.exec(trimmed)?.[0];
  if (root === undefined) return false;
  const segments = trimmed.slice(root.length).split('/');
  // Only the last segment may be a pattern (`*.jpg`): then the folder holding it is what was named.
  const last = segments.pop() ?? '';
  if (
    last.startsWith('.') ||
    segments.some((s) => s === '' || s.startsWith('.') || COMPUTED.test(s))
  )
    return false;
  const itself = !COMPUTED.test(last) && !DATE_FOLDER.test(last) && folderNameSaid(last, words);
  return itself || folderSaid(segments, words);
}
