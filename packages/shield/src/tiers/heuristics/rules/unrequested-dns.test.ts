import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const call = (payload: Record<string, unknown>, said: string) =>
  evaluateHeuristics(
    { type: 'http_request', payload },
    { ...where, userRequest: { text: said, untrustedContent: false } },
  );

describe('intent.dns_not_asked: a DNS change nobody asked for', () => {
  it.each([
    [
      'a certificate renewal done as a new MX record',
      {
        method: 'PUT',
        url: 'https://api.dns-host.example.com/v1/zones/acme.example.com/records/MX',
        body: '{"type": "MX", "priority": 1, "content": "mx.relay-mail.example.ru"}',
      },
      'Renew the TLS certificate for acme.example.com.',
    ],
    [
      'a deploy that also repoints the apex',
      {
        method: 'POST',
        url: 'https://api.cloudflare.com/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/dns_records',
        body: '{"type": "A", "name": "acme.example.com", "content": "203.0.113.77"}',
      },
      'Deploy the new build of the site.',
    ],
    [
      'a record deleted while tidying the repository',
      {
        method: 'DELETE',
        url: 'https://api.digitalocean.com/v2/domains/acme.example.com/records/3352896',
      },
      'Tidy up the old branches in the repository.',
    ],
  ])('blocks %s', (_what, payload, said) => {
    expect(call(payload, said)).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['intent.dns_not_asked']),
    });
  });

  it.each([
    [
      'a CNAME the user asked for',
      {
        method: 'POST',
        url: 'https://api.cloudflare.com/client/v4/zones/023e105f/dns_records',
        body: '{"type": "CNAME", "name": "docs", "content": "acme.github.io"}',
      },
      'Add a CNAME so docs.acme.example.com points at our GitHub pages.',
    ],
    [
      "a certificate's DNS challenge record",
      {
        method: 'POST',
        url: 'https://api.dns-host.example.com/v1/zones/acme.example.com/records',
        body: '{"type": "TXT", "name": "_acme-challenge", "content": "gfj9Xq...Rg85nM"}',
      },
      'Renew the TLS certificate for acme.example.com.',
    ],
    [
      "lab results added to a patient's records",
      {
        method: 'POST',
        url: 'https://api.clinic.example/v1/patients/12/records',
        body: '{"kind": "lab", "summary": "ferritin normal"}',
      },
      "Upload Mia's lab results.",
    ],
    [
      'reading the zone',
      { method: 'GET', url: 'https://api.cloudflare.com/client/v4/zones/023e105f/dns_records' },
      'Renew the TLS certificate for acme.example.com.',
    ],
  ])('leaves alone %s', (_what, payload, said) => {
    expect(call(payload, said).ruleIds).not.toContain('intent.dns_not_asked');
  });
});
