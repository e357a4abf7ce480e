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

  const moreSecrets: Array<[string, string, string]> = [
    ['bare AWS secret access key', 'creds: wJalrXUtnFEMI/K7MDENG/bPxRfiCYzzAMPLEKEY here', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzzAMPLEKEY'],
    ['named AWS secret access key', 'AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzzAMPLEKEY', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzzAMPLEKEY'],
    ['bare AWS secret access key with a plus', '"CuelExGkRtSkZEoEiEhOcG9dswRn8GVM+n2QEDJn"', 'CuelExGkRtSkZEoEiEhOcG9dswRn8GVM+n2QEDJn'],
    ['Stripe live secret key', 'STRIPE=sk_live_51HqLyjWDarjtT1zdp7dcXfAbCdEf ok', 'sk_live_51HqLyjWDarjtT1zdp7dcXfAbCdEf'],
    ['Stripe restricted key', 'use rk_live_51HqLyjWDarjtT1zdp7dcXfAbCdEf now', 'rk_live_51HqLyjWDarjtT1zdp7dcXfAbCdEf'],
    ['OpenAI project key', 'my key sk-proj-Zx81Qw3ErTy6UiOp9AsDfGhJkL0 please', 'sk-proj-Zx81Qw3ErTy6UiOp9AsDfGhJkL0'],
    ['GitLab token (secretlint rule)', 'glpat-Ab3dEfGh1jKlMn0pQrSt', 'glpat-Ab3dEfGh1jKlMn0pQrSt'],
    ['database URL password (secretlint rule)', 'postgres://app:pa55w0rdXyz@db.internal:5432/app', 'pa55w0rdXyz'],
    ['random value a few words after a key name', 'the deploy token is Q7vX2mK9pL4rT8wZ3nB6 for prod', 'Q7vX2mK9pL4rT8wZ3nB6'],
  ];
  it.each(moreSecrets)('removes a %s', (_name, text, secret) => {
    const out = redactor.redact(text);
    expect(out).toContain('[REDACTED]');
    expect(out).not.toContain(secret);
  });

  const ordinary: Array<[string, string]> = [
    ['git SHA', 'commit 3f2a9c1e0b7d4a6f8e5c2b1a0d9e8f7a6b5c4d3e merged'],
    ['upper-case SHA-1', 'digest 3F2A9C1E0B7D4A6F8E5C2B1A0D9E8F7A6B5C4D3E'],
    ['UUID', 'id 123e4567-e89b-12d3-a456-426614174000 and token 123e4567-e89b-12d3-a456-426614174000'],
    ['base64 of ordinary text', 'VGhlIHF1aWNrIGJyb3duIGZveCBqdW1wcyBvdmVy and TWVldGluZyBub3RlcyBmb3IgdGhlIHF1YXJ0ZXJseSByZXZpZXch'],
    ['long word', 'Pneumonoultramicroscopicsilicovolcanoconiosis Supercalifragilisticexpialidocious1'],
    ['forty-letter identifier', 'call getUserAccountSettingsForTenantOverride now'],
    ['path', 'see packages/engine/src/redact/redactor.ts and /usr/lib/x86_64-linux-gnu/libssl.so.3'],
    ['prose about keys', 'The password policy says a token expires after 30 days; rotate the secret key monthly.'],
    ['a documented example key', 'pk_live_ is a publishable prefix, and sk_live_ alone is not a key'],
  ];
  it.each(ordinary)('leaves a %s alone', (_name, text) => {
    expect(redactor.redact(text)).toBe(text);
  });

  it('keeps the scheme of an Authorization header and the name of a key', () => {
    expect(redactor.redact('Authorization: Bearer abcdefghijklmnop')).toBe('Authorization: Bearer [REDACTED]');
    expect(redactor.redact('password=hunter22 user=bob')).toBe('password=[REDACTED] user=bob');
    expect(redactor.redact('{"api_key": "s3cr3t value"}')).toBe('{"api_key": [REDACTED]}');
    expect(redactor.redact('export AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG')).toBe('export AWS_SECRET_ACCESS_KEY=[REDACTED]');
    expect(redactor.redact('AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzzAMPLEKEY')).toBe('AWS_SECRET_ACCESS_KEY=[REDACTED]');
  });

  it('is stable: redacting twice changes nothing more', () => {
    const once = redactor.redact('a sk_live_51HqLyjWDarjtT1zdp7dcXfAbCdEf b wJalrXUtnFEMI/K7MDENG/bPxRfiCYzzAMPLEKEY password=x1');
    expect(redactor.redact(once)).toBe(once);
  });

  it('redacts a long history message as well every time it is sent again', () => {
    const fresh = createRedactor();
    const message = `${'an earlier answer, long like a page. '.repeat(150)}token ghp_0123456789abcdefghijABCDEFGHIJ end`;
    const first = fresh.redact(message);
    expect(first).not.toContain('ghp_0123456789abcdefghijABCDEFGHIJ');
    for (let turn = 0; turn < 3; turn++) expect(fresh.redact(message)).toBe(first);
  });

  it('answers a text longer than V8 hashes from what it holds only when the whole text matches', () => {
    const fresh = createRedactor();
    const page = (middle: string) => `${'a long tool result. '.repeat(1000)}${middle}${' more of the page.'.repeat(1000)}`;
    const secret = 'ghp_0123456789abcdefghijABCDEFGHIJ';
    const plain = page('x'.repeat(secret.length));
    const withSecret = page(secret);
    // Same length and the same ends: only the middle tells them apart.
    expect(plain.length).toBe(withSecret.length);
    expect(plain.length).toBeGreaterThan(16_383);
    expect(fresh.redact(plain)).toBe(plain);
    const redacted = fresh.redact(withSecret);
    expect(redacted).toBe(createRedactor().redact(withSecret));
    expect(redacted).toContain('[REDACTED]');
    expect(fresh.redact(plain)).toBe(plain);
    expect(fresh.redact(withSecret)).toBe(redacted);
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
