import { describe, expect, it } from 'vitest';
import { canonicalActionType } from './action-types.js';

describe('canonicalActionType', () => {
  it('maps aliases to their canonical type and keeps canonical names', () => {
    expect(canonicalActionType('shell_command')).toBe('execute_command');
    expect(canonicalActionType(' File_Write ')).toBe('write_file');
    expect(canonicalActionType('email')).toBe('send_email');
    expect(canonicalActionType('read_file')).toBe('read_file');
  });

  it('does not know types that are only names of Object.prototype members', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(canonicalActionType(name)).toBeUndefined();
    }
    expect(canonicalActionType('launch_rocket')).toBeUndefined();
  });
});
