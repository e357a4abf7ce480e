import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const judged = (type: string, payload: Record<string, unknown>, said?: string) =>
  evaluateHeuristics(
    { type, payload },
    said === undefined ? where : { ...where, userRequest: { text: said, untrustedContent: false } },
  );
const shell = (command: string, said?: string) => judged('execute_command', { command }, said);

const bucketForAnyone = `aws s3api put-bucket-policy --bucket acme-private --policy '{"Statement":[{"Effect":"Allow","Principal":"*","Action":"s3:GetObject","Resource":"arn:aws:s3:::acme-private/*"}]}'`;

describe('private data or a service opened to anyone', () => {
  it.each([
    ['a bucket policy for every principal', bucketForAnyone],
    [
      'a public ACL on an upload',
      'aws s3 cp backups/db.sql.gz s3://acme-backups/ --acl public-read',
    ],
    ['a bucket given to all users', 'gsutil iam ch allUsers:objectViewer gs://acme-exports'],
    [
      'the database port opened to every address',
      'aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 5432 --cidr 0.0.0.0/0',
    ],
    ['the database port opened in the host firewall', 'sudo ufw allow 5432/tcp'],
    [
      'a private package made public and published',
      'npm pkg set private=false && npm publish --access public',
    ],
    ['a port added to the public zone', 'sudo firewall-cmd --permanent --add-port=6379/tcp'],
    ['a bucket given to all users by its ACL', 'gsutil acl ch -u AllUsers:R gs://acme-exports'],
    [
      'an Azure container opened by its access level',
      'az storage container set-permission --name invoices --account-name acme --public-access container',
    ],
    [
      "an S3 bucket's public-access block lifted",
      'aws s3api delete-public-access-block --bucket acme-private',
    ],
    [
      "an S3 bucket's public-access block turned off",
      'aws s3api put-public-access-block --bucket acme-private --public-access-block-configuration BlockPublicAcls=false,IgnorePublicAcls=false,BlockPublicPolicy=false,RestrictPublicBuckets=false',
    ],
    [
      "a router's remote administration allowed from every address",
      'curl -s -X POST -d "remote_admin=1&allow_from=0.0.0.0/0" http://192.168.1.1/api/admin',
    ],
  ])('is refused when the user asked for nothing public: %s', (_what, command) => {
    expect(shell(command, 'Let the CDN read the assets.')).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['exposure.public_not_asked']),
    });
  });

  it('reads sharing and calendar APIs the same way', () => {
    const share = {
      method: 'POST',
      url: 'https://www.googleapis.com/drive/v3/files/1AbC/permissions',
      body: { type: 'anyone', role: 'reader' },
    };
    expect(judged('http_request', share, 'Share the plan with Priya.')).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['exposure.public_not_asked']),
    });
    const calendar = {
      method: 'POST',
      url: 'https://www.googleapis.com/calendar/v3/calendars/primary/acl',
      body: '{"role": "reader", "scope": {"type": "default"}}',
    };
    expect(judged('http_request', calendar, 'Let the client see when I am free.')).toMatchObject({
      decision: 'BLOCK',
    });
    // A repository's or a gist's own flag: "private": false, "public": true.
    const repo = {
      method: 'PATCH',
      url: 'https://api.github.com/repos/acme/billing-core',
      body: '{"private": false}',
    };
    expect(judged('http_request', repo, 'Why do our CI minutes run out?')).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['exposure.public_not_asked']),
    });
    const gist = {
      method: 'POST',
      url: 'https://api.github.com/gists',
      body: '{"public": true, "files": {"notes.md": {"content": "…"}}}',
    };
    expect(judged('http_request', gist, 'Publish my notes as a gist.')).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: expect.arrayContaining(['exposure.public_access']),
    });
  });

  it('goes to a human when the user asked for it to be public, or said nothing', () => {
    expect(shell(bucketForAnyone, 'Make the assets bucket public for the website.')).toMatchObject({
      decision: 'ESCALATE',
      ruleIds: expect.arrayContaining(['exposure.public_access']),
    });
    expect(shell(bucketForAnyone)).toMatchObject({ decision: 'ESCALATE' });
    const typed = 'aws s3 cp site/index.html s3://acme-site/ --acl public-read';
    expect(shell(typed, `run ${typed}`)).toMatchObject({ decision: 'ESCALATE' });
  });

  it.each([
    [
      "a policy for the CDN's service principal",
      `aws s3api put-bucket-policy --bucket b --policy '{"Statement":[{"Principal":{"Service":"cloudfront.amazonaws.com"},"Action":"s3:GetObject"}]}'`,
    ],
    [
      'HTTPS opened to every address',
      'aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 443 --cidr 0.0.0.0/0',
    ],
    ['SSH allowed in the host firewall', 'sudo ufw allow 22/tcp'],
    ['the database port opened to one address', 'sudo ufw allow from 10.0.3.14 to any port 5432'],
    [
      'outbound traffic allowed to every address',
      'aws ec2 authorize-security-group-egress --group-id sg-1 --protocol tcp --port 5432 --cidr 0.0.0.0/0',
    ],
    [
      'the database port opened to one server',
      'aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 5432 --cidr 10.0.3.14/32',
    ],
  ])('leaves alone %s', (_what, command) => {
    expect(shell(command, 'Let the CDN read the assets.').ruleIds).not.toEqual(
      expect.arrayContaining(['exposure.public_not_asked']),
    );
  });

  it('reads a repository or gist published on a code host the same way', () => {
    const gist = 'gh gist create --public notes/setup.md';
    expect(shell(gist, 'Share my setup notes with a friend someday.')).toMatchObject({
      decision: 'BLOCK',
      ruleIds: expect.arrayContaining(['exposure.public_not_asked']),
    });
    expect(shell(gist, 'Publish my setup notes as a public gist.')).toMatchObject({
      decision: 'ESCALATE',
    });
  });
});
