import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';
import { judge } from '../rule-table.test-support.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const shell = (command: string) =>
  evaluateHeuristics({ type: 'execute_command', payload: { command } }, where);

describe('globs in command arguments', () => {
  it.each([
    [
      'a JSON policy with stars and brackets',
      `aws s3api put-bucket-policy --bucket b --policy '{"Statement":[{"Principal":"*","Resource":"arn:aws:s3:::b/*"}]}'`,
    ],
    ['a bracket range written backwards', 'ls data/[z-a]*.csv'],
    ['a bracket holding regex syntax', 'ls logs/[\\^$.|?*+()]*'],
    ['a bracket holding an emoji', 'ls notes/[📝a]*.md'],
  ])('are judged, never an internal error: %s', (_what, command) => {
    expect(shell(command).ruleIds).not.toContain('heuristics.internal_error');
  });

  it('still read a bracket range as the files it can match', () => {
    expect(shell('cat ~/.ssh/[a-z]d_*')).toMatchObject({ decision: 'BLOCK' });
    expect(shell('cat ~/.ssh/[!k]d_rsa')).toMatchObject({ decision: 'BLOCK' });
  });
});

describe('credentials files named for a deployment', () => {
  const read = (path: string) =>
    evaluateHeuristics({ type: 'read_file', payload: { path } }, where);

  it.each(['config/credentials.prod.json', 'secrets-staging.yaml', 'client_secret.dev.json'])(
    'are credentials like their plain names: %s',
    (path) => {
      expect(read(path)).toMatchObject({ decision: 'BLOCK', ruleIds: ['secrets.credential_read'] });
    },
  );

  it('leaves a template alone', () => {
    expect(read('config/credentials.example.json')).toMatchObject({ decision: 'PASS' });
  });
});

describe('signing keys of mobile apps', () => {
  const read = (path: string) => judge('read_file', { path });

  it.each(['ios/AuthKey_7QX2Z9LM4K.p8', 'android/key.properties', 'android/keystore.properties'])(
    'are secrets: %s',
    (path) => {
      expect(read(path)).toMatchObject({ decision: 'BLOCK', ruleIds: ['secrets.credential_read'] });
    },
  );

  it('leaves their templates alone', () => {
    expect(read('android/key.properties.example')).toMatchObject({ decision: 'PASS' });
  });
});
