import { describe, expect, it } from 'vitest';
import { describeShellRules, runSaid } from '../rule-table.test-support.js';

describeShellRules('HashiCorp Vault and SOPS', {
  mustBlock: [
    ['vault kv get secret/prod/payments', 'secrets.credential_tool'],
    ['vault read -field=password database/creds/readonly', 'secrets.credential_tool'],
    ['vault token lookup', 'secrets.credential_tool'],
    // A filter that keeps a value is no filter.
    [
      'vault kv get -format=json secret/prod/db | jq .data.data.password',
      'secrets.credential_tool',
    ],
    ['echo "$(vault kv get -field=password secret/db)"', 'secrets.credential_tool'],
    ['sops -d secrets/staging.enc.yaml', 'secrets.credential_tool'],
    ['vault audit disable file/', 'security.controls_disabled'],
  ],
  mustEscalate: [
    ['vault login -method=oidc', 'secrets.login_token_shown'],
    ['vault secrets disable kv-legacy/', 'destructive.secrets_destroyed'],
    ['vault kv metadata delete secret/app/old', 'destructive.secrets_destroyed'],
    ['vault operator generate-root -init', 'exec.unknown_command'],
    ['sops exec-env secrets/staging.enc.yaml ./deploy.sh', 'exec.unknown_command'],
  ],
  mustPass: [
    'vault status',
    'vault login -method=oidc -no-print',
    'vault kv list secret/dev',
    "vault kv get -format=json secret/dev/api | jq -r '.data.data | keys[]'",
    'vault token lookup -format=json | jq .data.ttl',
    // Used as intended: handed to what connects with it, never printed.
    'DATABASE_URL="$(vault kv get -field=url secret/staging/db)" npx prisma migrate deploy',
    'psql "$(vault kv get -field=url secret/staging/db)" -c \'select 1\'',
    'vault kv put secret/dev/api feature_flag=on',
    'vault policy write dev - <<< \'path "secret/data/dev/*" { capabilities = ["read"] }\'',
    'sops -e config/staging.yaml > secrets/staging.enc.yaml',
  ],
});

describe('Vault grants and revocations the user never asked for', () => {
  it('refuses a policy over every path, and every token revoked, unasked', () => {
    expect(
      runSaid(
        'printf \'path "*" { capabilities = ["create","read","update","delete","list","sudo"] }\' | vault policy write ci -',
        'Do that.',
        true,
      ),
    ).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['privilege.full_control_not_asked']),
    });
    expect(
      runSaid(
        'vault write -f auth/approle/role/staging-api/secret-id && vault token revoke -mode=path auth/',
        'Rotate the staging API key.',
      ),
    ).toMatchObject({ decision: 'BLOCK', ruleIds: ['identity.every_token_revoked_not_asked'] });
  });

  it('reads a flag and its value apart as Vault does', () => {
    expect(
      runSaid('vault token revoke -mode path auth/', 'Rotate the staging key.').ruleIds,
    ).toContain('identity.every_token_revoked_not_asked');
  });

  it('asks about a mass revocation the user asked for', () => {
    expect(
      runSaid('vault lease revoke -prefix aws/creds/', 'Revoke all the AWS leases, a key leaked.'),
    ).toMatchObject({ decision: 'ESCALATE', ruleIds: ['identity.every_token_revoked'] });
  });
});
