import { describe, expect, it } from 'vitest';
import { createRedactor } from './redactor.js';

const redactor = createRedactor({ secrets: ['Zq9-configured-secret-Xy7'] });

function streamed(chunks: readonly string[]): string {
  const stream = redactor.stream();
  return chunks.map((chunk) => stream.push(chunk)).join('') + stream.flush();
}

const texts = [
  'Here is the key: sk-proj-AbCdEfGhIjKlMnOpQrStUv1234 and more text after it.',
  'curl -H "Authorization: Bearer abcdefghijklmnopqrstuvwxyz" https://example.org',
  'set password = hunter2hunter2 then continue',
  'config:\n  token: ghp_0123456789abcdefghijABCDEFGHIJ\n  other: fine\n',
  'leaked Zq9-configured-secret-Xy7 here',
  'key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1234567890abcdef\nmore lines\n-----END RSA PRIVATE KEY-----\nbye',
  'AKIAIOSFODNN7EXAMPLE at the very end',
  'pay with sk_live_51HqLyjWDarjtT1zdp7dcXfAbCdEf today',
  'bare wJalrXUtnFEMI/K7MDENG/bPxRfiCYzzAMPLEKEY and the deploy token is Q7vX2mK9pL4rT8wZ3nB6 ok',
  'glpat-Ab3dEfGh1jKlMn0pQrSt in a sentence',
];

describe('stream redactor', () => {
  it.each(texts)('gives the same output as whole-string redaction for every two-way split: %j', (text) => {
    const expected = redactor.redact(text);
    for (let at = 0; at <= text.length; at += 1) {
      expect(streamed([text.slice(0, at), text.slice(at)])).toBe(expected);
    }
  });

  it.each(texts)('gives the same output when the text arrives one character at a time: %j', (text) => {
    expect(streamed([...text])).toBe(redactor.redact(text));
  });

  it('releases ordinary text while it streams instead of holding it all back', () => {
    const stream = redactor.stream();
    const released = stream.push('one two three four five six ');
    expect(released).toBe('one two three four ');
    expect(stream.push('seven ')).toBe('five ');
    expect(stream.flush()).toBe('six seven ');
  });

  it('never releases part of a key before the key is complete', () => {
    const stream = redactor.stream();
    let out = '';
    for (const chunk of ['token sk-', 'proj-AbCdEf', 'GhIjKlMnOp', 'QrStUv1234', ' and on']) out += stream.push(chunk);
    out += stream.flush();
    expect(out).toBe('token [REDACTED] and on');
  });

  it('drops an unterminated private key block at the end of the stream', () => {
    expect(streamed(['start -----BEGIN EC PRIVATE KEY-----\nMHcCAQEE', 'IBBBB'])).toBe('start [REDACTED]');
  });

  it('drops an oversized unterminated private key block until its END line', () => {
    const stream = redactor.stream();
    let out = stream.push('a -----BEGIN PRIVATE KEY-----\n');
    for (let i = 0; i < 2000; i += 1) out += stream.push('QUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFB\n');
    out += stream.push('-----END PRIVATE KEY-----\nvisible tail words here');
    out += stream.flush();
    expect(out).toBe('a [REDACTED]\nvisible tail words here');
    expect(out).not.toContain('QUFB');
  });
});
