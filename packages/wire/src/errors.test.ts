import { describe, expect, it } from 'vitest';
import { status } from '@grpc/grpc-js';
import { fromGrpcError, toGrpcStatus } from './errors.js';
import { ParapetError } from './parapet-error.js';

describe('errors across the wire', () => {
  it('keep their stable code, message and retryability', () => {
    const sent = toGrpcStatus(new ParapetError('SHIELD_BLOCKED', 'write to /etc blocked', false));
    expect(sent.code).toBe(status.PERMISSION_DENIED);
    const back = fromGrpcError({ ...sent, message: 'x' });
    expect(back.code).toBe('SHIELD_BLOCKED');
    expect(back.message).toBe('write to /etc blocked');
    expect(back.retryable).toBe(false);
  });

  it('never leak the text of an unexpected exception', () => {
    const sent = toGrpcStatus(new Error('ENOENT /home/alice/.ssh/id_rsa'));
    expect(sent.details).not.toContain('id_rsa');
    expect(fromGrpcError({ ...sent }).code).toBe('INTERNAL');
  });
});
