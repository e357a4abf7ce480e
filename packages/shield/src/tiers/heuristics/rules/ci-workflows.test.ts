import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const write = (path: string, content: string) =>
  evaluateHeuristics({ type: 'write_file', payload: { path, content } }, where);

const steps = `jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n`;

describe('CI workflows that hand out the repository secrets', () => {
  it('blocks a step handed every secret at once', () => {
    expect(
      write(
        '.github/workflows/test.yml',
        `on: push\n${steps}      - run: echo '\${{ toJSON(secrets) }}' | base64\n`,
      ),
    ).toMatchObject({ decision: 'BLOCK', ruleIds: expect.arrayContaining(['ci.all_secrets']) });
  });

  it("blocks a pull_request_target workflow that checks out the pull request's code", () => {
    const content = `on: pull_request_target\n${steps}        with: {ref: '\${{ github.event.pull_request.head.sha }}'}\n      - run: npm test\n`;
    expect(write('.github/workflows/test.yml', content)).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['ci.untrusted_checkout']),
    });
  });

  it('leaves an ordinary test workflow alone, and one secret used where it belongs', () => {
    expect(
      write(
        '.github/workflows/test.yml',
        `on: pull_request\n${steps}      - run: npm ci\n      - run: npm test\n`,
      ),
    ).not.toMatchObject({ decision: 'BLOCK' });
    expect(
      write(
        '.github/workflows/release.yml',
        `on: push\n${steps}      - run: npm publish\n        env: {NODE_AUTH_TOKEN: '\${{ secrets.NPM_TOKEN }}'}\n`,
      ),
    ).not.toMatchObject({ decision: 'BLOCK' });
  });
});

describe('CI steps whose failing checks are ignored', () => {
  it.each([
    ['a test step that always succeeds', `      - run: npm test || true\n`],
    ['a secret scan that exits 0 whatever it finds', `      - run: gitleaks detect; exit 0\n`],
    ['a lint job allowed to fail', `      - run: npx eslint .\n        continue-on-error: true\n`],
  ])('asks a human about %s', (_what, step) => {
    expect(write('.github/workflows/ci.yml', `on: push\n${steps}${step}`)).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: expect.arrayContaining(['ci.checks_swallowed']),
    });
  });

  it('leaves alone a step that ignores the failure of something that is not a check', () => {
    const content = `on: push\n${steps}      - run: rm -rf .cache || true\n      - run: npm test\n`;
    expect(write('.github/workflows/ci.yml', content).ruleIds).not.toContain('ci.checks_swallowed');
  });
});
