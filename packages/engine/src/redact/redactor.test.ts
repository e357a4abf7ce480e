import { describe, expect, it } from 'vitest';
import { createRedactor } from './redactor.js';

const redactor = createRedactor({ secrets: ['my-configured-api-key-123', undefined, 'abc'] });

describe('redact', () => {
  const secrets: Array<[string, string]> = [
    ['openai key', 'key is sk-proj-AbCdEfGhIjKlMnOpQrStUv1234 ok'],
    ['github token', 'token ghp_0123456789abcdefghijABCDEFGHIJ done'],
    ['fine-grained github token', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnop'],
    ['aws access key', 'AKIAIOSFODNN7EXAMPLE'],
    ['slack token', 'xoxb-123456789012-abcdefghij'],
    ['jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
    ['configured secret', 'the key my-configured-api-key-123 leaked'],
  ];
  it.each(secrets)('removes a %s', (_name, text) => {
    const out = redactor.redact(text);
    expect(out).toContain('[REDACTED]');
    for (const word of text.split(/\s+/).filter((w) => w.length > 15)) expect(out).not.toContain(word);
  });

  it('keeps the scheme of an Authorization header and the name of a key', () => {
    expect(redactor.redact('Authorization: Bearer abcdefghijklmnop')).toBe('Authorization: Bearer [REDACTED]');
    expect(redactor.redact('password=hunter22 user=bob')).toBe('password=[REDACTED] user=bob');
    expect(redactor.redact('{"api_key": "s3cr3t value"}')).toBe('{"api_key": [REDACTED]}');
    expect(redactor.redact('export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG')).toBe('export AWS_SECRET_ACCESS_KEY=[REDACTED]');
  });

  it('removes a whole private key block', () => {
    const key = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\nQQQQ\n-----END OPENSSH PRIVATE KEY-----';
    expect(redactor.redact(`before\n${key}\nafter`)).toBe('before\n[REDACTED]\nafter');
  });

  it('leaves ordinary text, short configured values and public keys alone', () => {
    const text = 'The task-manager said abc and sk-short; see -----BEGIN PUBLIC KEY----- x -----END PUBLIC KEY-----';
    expect(redactor.redact(text)).toBe(text);
  });

  it('redacts every string inside a JSON value without changing its shape', () => {
    const value = { path: 'a.txt', content: 'token ghp_0123456789abcdefghijABCDEFGHIJ', n: 3, list: ['password: x1y2z3'] };
    expect(redactor.redactValue(value)).toEqual({ path: 'a.txt', content: 'token [REDACTED]', n: 3, list: ['password: [REDACTED]'] });
  });
});
