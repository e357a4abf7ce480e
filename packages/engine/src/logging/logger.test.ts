import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../redact/redactor.js';
import { createLogger } from './logger.js';

function capture(): { stream: Writable; lines: () => Array<Record<string, unknown>>; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const text = (): string => chunks.join('');
  return { stream, text, lines: () => text().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('createLogger', () => {
  it('censors secret keys by name', () => {
    const out = capture();
    const logger = createLogger({ destination: out.stream });
    logger.info({ apiKey: 'plain-looking-value', request: { authorization: 'xyz' }, model: 'gpt' }, 'calling model');
    const [line] = out.lines();
    expect(line).toMatchObject({ apiKey: '[REDACTED]', request: { authorization: '[REDACTED]' }, model: 'gpt', msg: 'calling model' });
  });

  it('censors configured secret values and secret shapes wherever they appear', () => {
    const out = capture();
    const logger = createLogger({ destination: out.stream, redactor: createRedactor({ secrets: ['the-configured-key-42'] }) });
    logger.warn({ detail: { error: 'provider said: bad key the-configured-key-42' } }, 'failed with sk-AbCdEfGhIjKlMnOpQrStUv');
    logger.error('plain message with the-configured-key-42');
    const text = out.text();
    expect(text).not.toContain('the-configured-key-42');
    expect(text).not.toContain('sk-AbCdEfGhIjKlMnOpQrStUv');
    const [first, second] = out.lines();
    expect(first).toMatchObject({ detail: { error: 'provider said: bad key [REDACTED]' }, msg: 'failed with [REDACTED]' });
    expect(second).toMatchObject({ msg: 'plain message with [REDACTED]' });
  });

  it('respects the level', () => {
    const out = capture();
    const logger = createLogger({ destination: out.stream, level: 'warn' });
    logger.info('hidden');
    logger.warn('shown');
    expect(out.lines().map((l) => l['msg'])).toEqual(['shown']);
  });
});
