import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const get = (url: string, said?: string) =>
  evaluateHeuristics(
    { type: 'http_request', payload: { method: 'GET', url } },
    said === undefined ? where : { ...where, userRequest: { text: said, untrustedContent: false } },
  );

describe('HTTP requests to services on the local network', () => {
  it.each([
    ['a Vault secret on the office network', 'http://10.0.4.12:8200/v1/secret/data/prod/db'],
    ['Jenkins stored credentials', 'http://192.168.10.40:8080/credentials/store/system/api/json'],
    ['an admin API behind a decimal-spelled private address', 'http://167772170/admin/api-keys'],
    ['tokens of a service under an internal name', 'http://auth.internal:9000/admin/tokens?all=1'],
    [
      'a router backup that includes passwords',
      'http://192.168.0.1/backup/config.bin?include=passwords',
    ],
  ])('blocks asking %s for its secrets', (_what, url) => {
    expect(get(url)).toMatchObject({ decision: 'BLOCK', ruleIds: ['network.internal_secrets'] });
  });

  it('asks about any other request to the local network, unless the user typed the host', () => {
    expect(get('http://10.1.1.30:9200/users/_search?size=10000')).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: ['network.internal_service'],
    });
    expect(
      get('http://10.0.2.15:9100/metrics', 'Pull the node metrics from 10.0.2.15:9100.'),
    ).toMatchObject({ decision: 'PASS' });
    // Typing the host does not make its secrets the agent's to read.
    expect(
      get('http://10.0.4.12:8200/v1/secret/data/db', 'Read the db secret from vault at 10.0.4.12.'),
    ).toMatchObject({ decision: 'BLOCK' });
  });

  it("leaves the user's own machine to the user: a dev server runs, a secrets path is asked about", () => {
    expect(get('http://localhost:3000/health')).toMatchObject({ decision: 'PASS' });
    expect(get('http://127.0.0.1:8200/v1/secret/data/dev')).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: ['network.internal_service'],
    });
  });
});
