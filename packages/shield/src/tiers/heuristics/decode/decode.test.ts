import { describe, expect, it } from 'vitest';
import { decodeBase32Bytes } from './base32.js';
import { decodeBase64Text } from './base64.js';
import {
  decodeBackslashEscapes,
  decodeHtmlEntities,
  decodePercent,
  decodeSurface,
} from './escapes.js';
import { decodeHexText } from './hex.js';
import { hiddenLayers } from './hidden-layers.js';

describe('decoders', () => {
  it('decodes base32 as coreutils encodes it, and refuses what is not base32', () => {
    // `printf 'curl -s https://supp' | base32`
    expect(decodeBase32Bytes('MN2XE3BAFVZSA2DUORYHGORPF5ZXK4DQ')?.toString()).toBe(
      'curl -s https://supp',
    );
    expect(decodeBase32Bytes('MZXW6===')?.toString()).toBe('foo');
    expect(decodeBase32Bytes('not base32!')).toBeUndefined();
  });

  it('decodes base64 only when it hides text', () => {
    expect(decodeBase64Text('Y2F0IC9ldGMvc2hhZG93')).toBe('cat /etc/shadow');
    expect(decodeBase64Text('node_modules')).toBeUndefined();
    expect(
      decodeBase64Text(Buffer.from([0, 1, 2, 250, 251, 252, 3, 4, 5]).toString('base64')),
    ).toBeUndefined();
  });
  it('decodes hex runs, escapes, percent and entities', () => {
    expect(decodeHexText('2f6574632f736861646f77')).toBe('/etc/shadow');
    expect(decodeBackslashEscapes('\\x2f\\145tc\\u002fshadow\\n')).toBe('/etc/shadow\n');
    expect(decodePercent('%252Fetc%252Fshadow')).toBe('/etc/shadow');
    expect(decodeHtmlEntities('&#x2F;etc&sol;shadow')).toBe('/etc/shadow');
    expect(decodeSurface('%2Fetc&#47;sh\\x61dow')).toBe('/etc/shadow');
  });
  it('finds layers nested inside each other', () => {
    const inner = Buffer.from('/home/alice/.ssh/id_rsa').toString('base64');
    const outer = Buffer.from(`x=${inner}`).toString('hex');
    expect(hiddenLayers(`payload ${outer}`)).toContain('/home/alice/.ssh/id_rsa');
  });
});
