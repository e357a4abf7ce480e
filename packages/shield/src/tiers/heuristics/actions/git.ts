import { caseless } from '../../../caseless.js';
import type { KnownActionType } from '../../../action-types.js';
import { usePath, type Judge, type PathUse } from '../judge.js';
import { defineRule } from '../registry.js';
import { judgeClone, judgeCloneDirectory, judgeFetch, judgePush } from '../rules/git.js';
import { secretValueIn } from '../content/secrets.js';
import { judgeRead } from '../rules/locations.js';
import { judgeProse } from '../rules/prose.js';
import { SHELL_SECURITY_RULES } from '../rules/shell-security.js';
import { alternation } from '../text/word-list.js';
import { PAYLOAD_RULES, stringField, stringList } from './fields.js';

export const GIT_ACTION_RULES = {
  commitSecretFile: defineRule(
    'secrets.commit_secret_file',
    'escalate',
    'commits a file that holds secrets',
  ),
  commitSecretValue: defineRule(
    'secrets.commit_secret_value',
    'block',
    'writes a credential into the repository history',
  ),
  stageSecretFile: defineRule(
    'secrets.stage_secret_file',
    'escalate',
    'stages a file that holds secrets for the next commit',
  ),
  commitNamedCredential: defineRule(
    'secrets.commit_named_credential',
    'block',
    'commits a file that holds secrets with a message saying it adds a credential',
  ),
};

/** A commit message saying what the commit carries is a credential ("add publish token"). */
const CREDENTIAL_WORDS = [
  /tokens?/u,
  /passwords?/u,
  'passwd',
  /secrets?/u,
  /credentials?/u,
  /api[ _-]?keys?/u,
  /private[ _-]?keys?/u,
  /access[ _-]?keys?/u,
];
const NAMES_CREDENTIAL = caseless(
  new RegExp(String.raw`\b(?:${alternation(CREDENTIAL_WORDS)})\b`, 'iu'),
);

/** Per-project files that tools read tokens from, wherever they are. */
const TOKEN_FILE = /(?:^|\/)\.(?:netrc|pgpass|npmrc|pypirc|git-credentials)$/u;

function holdsSecrets(use: PathUse, raw: string): boolean {
  return use.traits.secret !== undefined || TOKEN_FILE.test(raw);
}

/** Fields of the read-only git tools that git reads as revisions or names: one starting with "-" would be an option (`--output=FILE`). */
const REVISION_FIELDS = ['ref', 'base', 'target', 'since', 'until', 'author'];

/** git status, diff and log change nothing: they are reads of the repository they name. */
function judgeGitRead(payload: Readonly<Record<string, unknown>>, judge: Judge): void {
  const paths = stringList(payload, ['path', 'paths'], judge);
  for (const path of paths.length === 0 ? ['.'] : paths)
    judgeRead(usePath(path, judge.scope), judge, { fileTool: true, probe: true });
  for (const field of REVISION_FIELDS) {
    const value = stringField(payload, [field], judge);
    if (value !== undefined && value.trimStart().startsWith('-'))
      judge.findings.add(PAYLOAD_RULES.malformedField, field);
  }
}

/** The git tools: the repository is read like a folder; fetches, pulls, clones and pushes reach other machines. */
export function judgeGitAction(
  type: KnownActionType,
  payload: Readonly<Record<string, unknown>>,
  judge: Judge,
): void {
  if (type === 'git_status' || type === 'git_diff' || type === 'git_log')
    return judgeGitRead(payload, judge);
  const repo = stringField(payload, ['path'], judge);
  if (type !== 'git_clone')
    judgeRead(usePath(repo ?? '.', judge.scope), judge, { fileTool: true, probe: true });
  if (type === 'git_fetch' || type === 'git_pull')
    return judgeFetch(stringField(payload, ['remote'], judge) ?? 'origin', judge);
  if (type === 'git_clone') {
    judgeClone(stringField(payload, ['url'], judge), judge);
    const directory = stringField(payload, ['directory', 'path'], judge);
    if (directory !== undefined) judgeCloneDirectory(usePath(directory, judge.scope), judge);
    return;
  }
  if (type === 'git_add') {
    // The engine's commit takes what is staged: a file enters history here.
    for (const file of stringList(payload, ['paths', 'files'], judge))
      if (holdsSecrets(usePath(file, judge.scope), file))
        judge.findings.add(GIT_ACTION_RULES.stageSecretFile, file);
    return;
  }
  if (type === 'git_commit') {
    if (payload['no_verify'] === true)
      judge.findings.add(SHELL_SECURITY_RULES.hooksSkipped, 'no_verify');
    const message = stringField(payload, ['message'], judge) ?? '';
    for (const file of stringList(payload, ['paths', 'files'], judge)) {
      if (holdsSecrets(usePath(file, judge.scope), file))
        judge.findings.add(
          NAMES_CREDENTIAL.test(message)
            ? GIT_ACTION_RULES.commitNamedCredential
            : GIT_ACTION_RULES.commitSecretFile,
          file,
        );
    }
    // A message is pushed with the commit and kept forever: a key in it cannot be taken back.
    const secret = secretValueIn(message);
    if (secret !== undefined) judge.findings.add(GIT_ACTION_RULES.commitSecretValue, secret);
    // Reviewers, tools and agents read commit messages later: one written to steer them is planted text.
    if (message.trim() !== '') judgeProse(message, judge, 'stored');
    return;
  }
  if (type === 'git_push') {
    const branch = stringField(payload, ['branch'], judge) || undefined;
    judgePush(
      {
        remote: stringField(payload, ['remote'], judge),
        refspecs: branch === undefined ? [] : [branch],
        force: payload['force'] === true,
        forceWithLease: payload['force_with_lease'] === true,
        deletes: payload['delete'] === true,
        all: payload['tags'] === true,
      },
      judge,
    );
  }
}
