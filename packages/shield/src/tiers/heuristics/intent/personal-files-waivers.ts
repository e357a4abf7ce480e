import type { Rule } from '../registry.js';
import { LOCATION_RULES } from '../rules/locations.js';
import { NETWORK_RULES } from '../rules/network.js';
import { userNamedPlace } from './named-folders.js';
import type { Waivers } from './waivers.js';
import { stemsOf, userSaidStem, type SaidWords } from './words.js';

/** A lone copy to a remote of the user's own rclone configuration, with at most progress output. */
const OWN_STORAGE_COPY =
  /^\s*rclone\s+(?:copy|copyto|sync)(?:\s+(?:-P|--progress|-v|--verbose))*\s+(\S+)\s+[\w-]+:\S*(?:\s+(?:-P|--progress|-v|--verbose))*\s*$/u;
/** Asking for a copy kept elsewhere. */
const STORING = /\bback(?:ing)?[\s-]?up\b|\bbackups?\b|\bsync|\bcop(?:y|ies)\b|\bupload|\bmirror/u;

/**
 * Files the user named, backed up to a remote they set up themselves ("back up my thesis folder
 * to Google Drive" for `rclone copy ~/Documents/thesis gdrive:Backup/thesis`): the copy and where
 * it goes are theirs. A secret among the files is judged as before.
 */
export function ownStorageWaivers(command: string, words: SaidWords): Waivers | undefined {
  const source = OWN_STORAGE_COPY.exec(command)?.[1];
  if (source === undefined || !STORING.test(words.lower)) return undefined;
  if (!userNamedPlace(source, words)) return undefined;
  return {
    rules: new Set<Rule>([NETWORK_RULES.privateToOwnStorage, NETWORK_RULES.networkSend]),
    requestedByUser: false,
  };
}

/** Asking for files to go. */
const DELETING_REQUEST = /\b(?:delet|remov|clean|clear|eras|purg|trash|get rid)/u;
/** `find`'s tests that only narrow which files match, and what they take. */
const FIND_NARROWING = new Map([
  ['-maxdepth', 1],
  ['-mindepth', 1],
  ['-type', 1],
  ['-name', 1],
  ['-iname', 1],
  ['-mtime', 1],
  ['-mmin', 1],
  ['-size', 1],
  ['-delete', 0],
]);

/** A file name or pattern holding a word the user said (`*.dmg` for "the .dmg files"). */
function namePatternSaid(pattern: string, words: SaidWords): boolean {
  return stemsOf(pattern).some((part) => !/^\d+$/u.test(part) && userSaidStem(part, words));
}

/** The paths and name patterns of a lone `find DIR … -name PATTERN … -delete`. */
function findDeletion(tokens: readonly string[]): { paths: string[]; names: string[] } | undefined {
  if (tokens[0] !== 'find' || !tokens.includes('-delete')) return undefined;
  const paths: string[] = [];
  const names: string[] = [];
  for (let at = 1; at < tokens.length; at++) {
    const token = tokens[at] ?? '';
    if (!token.startsWith('-')) {
      if (names.length > 0 || at > paths.length + 1) return undefined;
      paths.push(token);
      continue;
    }
    const takes = FIND_NARROWING.get(token);
    if (takes === undefined) return undefined;
    if (token === '-name' || token === '-iname') names.push(tokens[at + 1] ?? '');
    at += takes;
  }
  return paths.length > 0 && names.length > 0 ? { paths, names } : undefined;
}

/**
 * A deletion the user described in full: they asked for files to go, and every file deleted lies
 * in a folder they named and is picked by a name holding a word they said ("delete the .dmg files
 * in Downloads" for `find ~/Downloads -name '*.dmg' -delete`, or `rm ~/Desktop/Screenshot*.png`).
 * Files outside the workspace cannot be brought back, so nothing vaguer settles it: a whole
 * folder, a recursive `rm`, a pattern of no words or a `find` that runs anything keep the block.
 */
export function askedDeletionWaivers(command: string, words: SaidWords): Waivers | undefined {
  if (/[;|`<>]|\$\(|&&/u.test(command) || !DELETING_REQUEST.test(words.lower)) return undefined;
  const tokens = command
    .trim()
    .split(/\s+/u)
    .map((token) => token.replace(/^(['"])(.*)\1$/u, '$2'));
  let targets: { paths: string[]; names: string[] } | undefined;
  if (tokens[0] === 'rm') {
    const files = tokens.slice(1).filter((token) => !/^-[fvI]+$/u.test(token));
    if (files.some((file) => file.startsWith('-'))) return undefined;
    targets = { paths: files, names: files.map((file) => file.replace(/^.*\//u, '')) };
  } else targets = findDeletion(tokens);
  if (targets === undefined || targets.paths.length === 0) return undefined;
  if (!targets.names.every((name) => namePatternSaid(name, words))) return undefined;
  if (!targets.paths.every((path) => userNamedPlace(path, words))) return undefined;
  return {
    rules: new Set<Rule>(),
    settledBlocks: new Set<Rule>([LOCATION_RULES.deleteOutside]),
    requestedByUser: false,
  };
}
