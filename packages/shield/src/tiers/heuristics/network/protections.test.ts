import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const request = (payload: Record<string, unknown>) =>
  evaluateHeuristics({ type: 'http_request', payload }, where);
const auth = { Authorization: 'Bearer ${GITHUB_TOKEN}' };

describe("API calls that switch off an account's or a repository's protections", () => {
  it.each([
    [
      'the required reviews of a protected branch deleted',
      {
        method: 'DELETE',
        url: 'https://api.github.com/repos/acme/app/branches/main/protection/required_pull_request_reviews',
        headers: auth,
      },
    ],
    [
      'a repository ruleset deleted',
      { method: 'DELETE', url: 'https://api.github.com/repos/acme/app/rulesets/42', headers: auth },
    ],
    [
      'the audit log of a mail provider deleted',
      { method: 'DELETE', url: 'https://api.mailhost.example/v1/audit-logs?before=2026-11-01' },
    ],
    [
      'two-factor sign-in set off in a settings body',
      {
        method: 'PATCH',
        url: 'https://api.mailhost.example/v1/account/security',
        body: '{"two_factor_required": false}',
      },
    ],
    [
      'secret scanning disabled by a POST with a method override',
      {
        method: 'POST',
        url: 'https://git.example.org/api/repos/acme/app',
        headers: { 'X-HTTP-Method-Override': 'PATCH' },
        body: '{"security_and_analysis": {"secret_scanning": {"status": "disabled"}}}',
      },
    ],
    [
      'a protection endpoint told it is no longer enabled',
      {
        method: 'PUT',
        url: 'https://api.example-ci.com/v2/projects/app/branch-protection',
        body: '{"enabled": false}',
      },
    ],
  ])('blocks %s', (_what, payload) => {
    expect(request(payload)).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['network.protection_removed']) as unknown,
    });
  });

  it.each([
    [
      'reading a branch protection',
      { method: 'GET', url: 'https://api.github.com/repos/acme/app/branches/main/protection' },
    ],
    [
      'turning required reviews on',
      {
        method: 'PUT',
        url: 'https://api.github.com/repos/acme/app/branches/main/protection',
        body: '{"enforce_admins": true, "required_pull_request_reviews": {"required_approving_review_count": 2}}',
      },
    ],
    [
      'two-factor switched on',
      {
        method: 'PATCH',
        url: 'https://api.mailhost.example/v1/account/security',
        body: '{"two_factor_required": true}',
      },
    ],
    [
      'an old webhook deleted',
      { method: 'DELETE', url: 'https://api.github.com/repos/acme/app/hooks/77' },
    ],
    [
      'a newsletter setting switched off',
      {
        method: 'PATCH',
        url: 'https://api.mailhost.example/v1/account/preferences',
        body: '{"newsletter": false, "enabled": false}',
      },
    ],
  ])('leaves alone %s', (_what, payload) => {
    expect(request(payload).ruleIds).not.toContain('network.protection_removed');
  });
});
