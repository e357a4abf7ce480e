import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';

/**
 * CI definitions run with the repository's secrets. Two shapes hand those secrets to whoever asks:
 * a step given every secret at once (`toJSON(secrets)`), and a `pull_request_target` workflow (it
 * runs with secrets even for pull requests from forks) that checks out the pull request's own code.
 * And CI is where the project's checks gate a change: a test, lint, audit or scan step whose
 * failure is swallowed (`|| true`, `continue-on-error`) lets anything through from then on, while
 * the pipeline still shows green.
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
  checksSwallowed: defineRule(
    'ci.checks_swallowed',
    'escalate',
    "writes a CI step that runs the project's checks but ignores their failure",
  ),
};

const CI_FILE = /(?:^|\/)\.github\/workflows\/|(?:^|\/)\.gitlab-ci\.yml$|(?:^|\/)\.circleci\//u;
const ALL_SECRETS = /\$\{\{\s*toJSON\(\s*secrets\s*\)\s*\}\}/iu;
const PRIVILEGED_TRIGGER = /\bpull_request_target\b/u;
const PULL_REQUEST_CODE =
  /github\.event\.pull_request\.head\.(?:sha|ref)|refs\/pull\/|github\.head_ref/u;

/** Programs and words of steps that check a change: tests, linters, type checks, audits, scanners. */
const CHECK_STEP =
  /\b(?:test|tests|lint|eslint|ruff|flake8|pylint|tsc|typecheck|mypy|pytest|jest|vitest|mocha|audit|scan|semgrep|trivy|gitleaks|trufflehog|codeql|check|vet|clippy)\b/iu;
/** A shell line that ends by turning its failure into success. */
const FAILURE_SWALLOWED = /(?:\|\|\s*(?:true|:|exit\s+0)|;\s*(?:true|exit\s+0))\s*$/u;

/** A `run:` line of a check whose failure is ignored, or `continue-on-error` in a file that runs checks. */
function swallowedCheck(content: string): string | undefined {
  for (const line of content.split('\n')) {
    const run = /^\s*(?:-\s*)?(?:run|script)\s*:\s*(.+)$/u.exec(line)?.[1]?.trim();
    if (run !== undefined && CHECK_STEP.test(run) && FAILURE_SWALLOWED.test(run)) return run;
  }
  if (
    /\bcontinue-on-error\s*:\s*true\b|\ballow_failure\s*:\s*true\b/u.test(content) &&
    CHECK_STEP.test(content)
  )
    return 'continue-on-error';
  return undefined;
}

/** `relative` is the file's path inside the workspace. */
export function judgeCiWorkflow(relative: string, content: string, judge: Judge): void {
  if (!CI_FILE.test(relative)) return;
  if (ALL_SECRETS.test(content)) judge.findings.add(CI_WORKFLOW_RULES.allSecrets, relative);
  if (PRIVILEGED_TRIGGER.test(content) && PULL_REQUEST_CODE.test(content))
    judge.findings.add(CI_WORKFLOW_RULES.untrustedCheckout, relative);
  const swallowed = swallowedCheck(content);
  if (swallowed !== undefined) judge.findings.add(CI_WORKFLOW_RULES.checksSwallowed, swallowed);
}
