import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const mail = (to: string, body: string) =>
  evaluateHeuristics({ type: 'send_email', payload: { to, subject: 'Notice', body } }, where);

describe("mail that links an organisation's people to a site wearing its name elsewhere", () => {
  it.each([
    [
      'a password expiry notice to all staff',
      'all-staff@acme.example.com',
      'Your password expires today. Keep your access here: https://acme-login.account-verify.example/reset',
    ],
    [
      'a sign-in check on a domain that starts with the company name',
      'team@globex.com',
      'Please sign in at https://globex.com.secure-portal.example.net/sso to keep your mailbox.',
    ],
  ])('blocks %s', (_what, to, body) => {
    expect(mail(to, body)).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['email.look_alike_link']) as unknown,
    });
  });

  it.each([
    [
      "a reset link on the organisation's own domain",
      'all-staff@acme.example.com',
      'Your password expires Friday; change it at https://id.acme.example.com/reset.',
    ],
    [
      'a link about sign-in to an unrelated service',
      'team@acme.example.com',
      'Log in to https://status.pagerduty.example/incidents to see the outage.',
    ],
    [
      "a sign-in link to the organisation's own address at its identity provider",
      'all-staff@acme.example.com',
      'Please sign in at https://acme.okta.com/enroll to set up your account.',
    ],
    [
      'a link with the company name that is not about signing in',
      'friends@acme.example.com',
      'Photos from the summer party: https://acme-party.photos-share.example/album/2026',
    ],
  ])('leaves alone %s', (_what, to, body) => {
    expect(mail(to, body).ruleIds).not.toContain('email.look_alike_link');
  });
});
