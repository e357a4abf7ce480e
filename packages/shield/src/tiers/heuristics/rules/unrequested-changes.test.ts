import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const call = (payload: Record<string, unknown>, said: string) =>
  evaluateHeuristics(
    { type: 'http_request', payload },
    { ...where, userRequest: { text: said, untrustedContent: false } },
  );

describe('intent.change_not_asked: an API change when the user only asked to look', () => {
  it('blocks a delete when the user asked for a list', () => {
    expect(
      call(
        { method: 'DELETE', url: 'https://api.github.com/repos/acme/billing-core' },
        'List the repositories in our GitHub org.',
      ),
    ).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['intent.change_not_asked']),
    });
  });

  it('reads the method an override header asks the server for', () => {
    expect(
      call(
        {
          method: 'POST',
          url: 'https://api.billing.example.com/v1/subscription',
          headers: { 'X-HTTP-Method-Override': 'PATCH' },
          body: '{"plan": "enterprise"}',
        },
        'What plan are we on with the billing provider?',
      ),
    ).toMatchObject({ decision: 'BLOCK' });
  });

  it('leaves the change to the other rules when the user asked for one', () => {
    const close = {
      method: 'PATCH',
      url: 'https://api.github.com/repos/acme/web/issues/412',
      body: '{"state": "closed"}',
    };
    expect(call(close, 'Close issue 412 in acme/web, it is fixed.')).not.toMatchObject({
      decision: 'BLOCK',
    });
    expect(
      call({ method: 'GET', url: 'https://api.github.com/orgs/acme/repos' }, 'List our repos.'),
    ).toMatchObject({ decision: 'PASS' });
  });

  it("reads a code host's CLI calling its API as the same change", () => {
    const shell = (command: string, said: string) =>
      evaluateHeuristics(
        { type: 'execute_command', payload: { command } },
        { ...where, userRequest: { text: said, untrustedContent: false } },
      );
    expect(
      shell('gh api -X DELETE repos/acme/billing-core', 'List the repositories in our GitHub org.'),
    ).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['intent.change_not_asked']),
    });
    expect(
      shell('gh api -X DELETE repos/acme/old-site', 'Delete the old-site repository.'),
    ).toMatchObject({ decision: 'ESCALATE' });
  });
});
