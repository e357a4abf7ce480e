import type { KnownActionType } from '../../../action-types.js';
import { usePath, type Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { judgeFetch, judgePush } from '../rules/git.js';
import { judgeRead } from '../rules/locations.js';
import { SHELL_SECURITY_RULES } from '../rules/shell-security.js';
import { stringField, stringList } from './fields.js';

export const GIT_ACTION_RULES = {
  commitSecretFile: defineRule('secrets.commit_secret_file', 'escalate', 'commits a file that holds secrets'),
};

/** The git tools: the repository is read like a folder; fetches, pulls, clones and pushes reach other machines. */
export function judgeGitAction(type: KnownActionType, payload: Readonly<Record<string, unknown>>, judge: Judge): void {
  const repo = stringField(payload, ['path'], judge);
  if (type !== 'git_clone') judgeRead(usePath(repo ?? '.', judge.scope), judge, { fileTool: true, probe: true });
  if (type === 'git_fetch' || type === 'git_pull') return judgeFetch(stringField(payload, ['remote'], judge) ?? 'origin', judge);
  if (type === 'git_clone') return judgeFetch(stringField(payload, ['url'], judge), judge);
  if (type === 'git_commit') {
    if (payload['no_verify'] === true) judge.findings.add(SHELL_SECURITY_RULES.hooksSkipped, 'no_verify');
    for (const file of stringList(payload, ['paths', 'files'], judge)) {
      if (usePath(file, judge.scope).traits.secret !== undefined) judge.findings.add(GIT_ACTION_RULES.commitSecretFile, file);
    }
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
