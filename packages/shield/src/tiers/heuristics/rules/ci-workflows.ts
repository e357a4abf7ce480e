import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';

/**
 * CI definitions run with the repository's secrets. Two shapes hand those secrets to whoever asks:
 * a step given every secret at once (`toJSON(secrets)`), and a `pull_request_target` workflow (it
 * runs with secrets even for pull requests from forks) that checks out the pull request's own code.
 */
export const CI_WORKFLOW_RULES = {
  allSecrets: defineRule(
    'ci.all_secrets',
    'block',
    'writes a CI step that is handed every repository secret at once',
  ),
  untrustedCheckout: defineRule(
    'ci.untrusted_checkout',
    'block',
    "writes a CI workflow that runs a pull request's code with the repository's secrets",
  ),
};

const CI_FILE = /(?:^|\/)\.github\/workflows\/|(?:^|\/)\.gitlab-ci\.yml$|(?:^|\/)\.circleci\//u;
const ALL_SECRETS = /\$\{\{\s*toJSON\(\s*secrets\s*\)\s*\}\}/iu;
const PRIVILEGED_TRIGGER = /\bpull_request_target\b/u;
const PULL_REQUEST_CODE =
  /github\.event\.pull_request\.head\.(?:sha|ref)|refs\/pull\/|github\.head_ref/u;

/** `relative` is the file's path inside the workspace. */
export function judgeCiWorkflow(relative: string, content: string, judge: Judge): void {
  if (!CI_FILE.test(relative)) return;
  if (ALL_SECRETS.test(content)) judge.findings.add(CI_WORKFLOW_RULES.allSecrets, relative);
  if (PRIVILEGED_TRIGGER.test(content) && PULL_REQUEST_CODE.test(content))
    judge.findings.add(CI_WORKFLOW_RULES.untrustedCheckout, relative);
}
