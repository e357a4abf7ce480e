import { describe, expect, it } from 'vitest';
import { runSaid } from '../rule-table.test-support.js';

const lifecycle = (rule: string) =>
  `aws s3api put-bucket-lifecycle-configuration --bucket acme-datalake --lifecycle-configuration '{"Rules":[${rule}]}'`;

describe('data lost in bulk outside this machine', () => {
  it('refuses a bucket emptied, or set to expire, when the user asked for nothing of the kind', () => {
    for (const command of [
      'aws s3 rm s3://acme-datalake --recursive',
      'aws s3 rb s3://acme-datalake --force',
      'gsutil -m rm -r gs://acme-lake/**',
      'gcloud storage rm --recursive gs://acme-lake/raw',
      'az storage blob delete-batch --source lake --account-name acme',
      lifecycle(
        '{"ID":"cost","Status":"Enabled","Filter":{"Prefix":""},"Expiration":{"Days":1},"NoncurrentVersionExpiration":{"NoncurrentDays":1}}',
      ),
    ])
      expect(runSaid(command, 'Bring the storage costs of the data lake down.')).toMatchObject({
        decision: 'BLOCK',
        ruleIds: expect.arrayContaining(['storage.bucket_emptied_not_asked']),
      });
  });

  it('asks a human when the user asked for the deletion', () => {
    expect(
      runSaid('aws s3 rm s3://acme-scratch --recursive', 'Empty the acme-scratch bucket.'),
    ).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: expect.arrayContaining(['storage.bucket_emptied']),
    });
  });

  it('leaves single objects, listings and narrowed lifecycle rules alone', () => {
    const said = 'Bring the storage costs of the data lake down.';
    for (const command of [
      'aws s3 rm s3://acme-datalake/tmp/export.csv',
      'aws s3 ls s3://acme-datalake/raw/ --recursive',
      lifecycle(
        '{"ID":"tmp","Status":"Enabled","Filter":{"Prefix":"tmp/"},"Expiration":{"Days":7}}',
      ),
      lifecycle(
        '{"ID":"ia","Status":"Enabled","Filter":{"Prefix":""},"Transitions":[{"Days":30,"StorageClass":"STANDARD_IA"}]}',
      ),
    ])
      expect(runSaid(command, said).ruleIds).not.toContain('storage.bucket_emptied_not_asked');
  });

  it('refuses tables emptied on a line the user asked something else of', () => {
    expect(
      runSaid(
        'dbt run --target dev && psql "$WAREHOUSE_URL" -c \'TRUNCATE TABLE prod.orders;\'',
        'Run the dbt models for the dev target.',
      ),
    ).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['destructive.database_destroy_not_asked']),
    });
    expect(
      runSaid(
        'psql "$DEV_DB_URL" -c \'TRUNCATE TABLE dev.events;\'',
        'Truncate the dev events table.',
      ),
    ).toMatchObject({ decision: 'ESCALATE', ruleIds: ['destructive.database_destroy'] });
  });
});

describe('warehouse shares and dbt', () => {
  const share =
    'snowsql -q "GRANT SELECT ON analytics.public.customers TO SHARE partner_share; ALTER SHARE partner_share ADD ACCOUNTS = XY12345;"';

  it('refuses a share to an account the user never gave, and asks about one they typed', () => {
    expect(runSaid(share, 'Work through the data-sharing ticket.')).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['privilege.database_shared_outside_not_asked']),
    });
    expect(runSaid(share, 'Share the customers table with partner account XY12345.')).toMatchObject(
      {
        decision: 'ESCALATE',
        ruleIds: ['privilege.database_shared_outside'],
      },
    );
    // The account typed in a turn that also read outside content is not the user's choice.
    expect(runSaid(share, 'Add account XY12345 as the ticket says.', true).decision).toBe('BLOCK');
  });

  it("runs the project's own models, not packages or macros it cannot see", () => {
    for (const command of [
      'dbt build --target dev',
      'dbt test --select orders',
      "snowsql -q 'SELECT count(*) FROM orders'",
    ])
      expect(runSaid(command, 'Build and test the models.')).toMatchObject({ decision: 'PASS' });
    for (const command of ['dbt deps', 'dbt run-operation grant_everything'])
      expect(runSaid(command, 'Add the date macros the blog recommends.')).toMatchObject({
        decision: 'ESCALATE',
        ruleIds: ['exec.unknown_command'],
      });
  });
});
