import { namesRecords } from '../actions/network.js';
import type { Judge, PathUse } from '../judge.js';
import { defineRule } from '../registry.js';
import type { ShellJudge } from './shell-judge.js';

/**
 * A folder whose files anyone can open: Dropbox's Public folder (every file has a public link), a
 * home's Public folder (shared on the network) and `public_html`, a web server's document root.
 * Secrets or a file of many people's records put there are published, whatever the copy was
 * called ("share the Q4 update"). (A personal file, a photo, is asked about as any private read.)
 */
export const PUBLIC_FOLDER_RULES = {
  privateToPublicFolder: defineRule(
    'exposure.private_to_public_folder',
    'block',
    "puts secrets or many people's records into a folder anyone can open (a public sync, shared or web folder)",
  ),
};

const PUBLIC_FOLDER =
  /\/(?:Dropbox|Dropbox \([^/)]*\))\/Public(?:\/|$)|^\/(?:home|Users)\/[^/]+\/(?:Public|public_html)(?:\/|$)|^\/root\/(?:Public|public_html)(?:\/|$)|^\/var\/www\/|^\/srv\/(?:www|http)\//u;

function isPublic(use: PathUse): boolean {
  return PUBLIC_FOLDER.test(use.path.absolute);
}

function isSecretOrRecords(use: PathUse): boolean {
  return use.traits.secret !== undefined || namesRecords(use.raw);
}

/** A file tool's copy or move of `from` to `to`. */
export function judgePublicCopy(from: PathUse, to: PathUse, judge: Judge): void {
  if (isPublic(to) && isSecretOrRecords(from))
    judge.findings.add(PUBLIC_FOLDER_RULES.privateToPublicFolder, `${from.raw} → ${to.raw}`);
}

/** `cp`, `mv`, `rsync`, `install` … of secrets or records into a public folder. */
export const judgePublicFolders: ShellJudge = (facts, _line, judge) => {
  const into = [...facts.writes, ...facts.downloads].find(isPublic);
  if (into === undefined) return;
  const from = [...facts.reads, ...facts.uploads].find(isSecretOrRecords);
  if (from !== undefined)
    judge.findings.add(PUBLIC_FOLDER_RULES.privateToPublicFolder, `${from.raw} → ${into.raw}`);
};
