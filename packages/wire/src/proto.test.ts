import { describe, expect, it } from 'vitest';
import { agentServiceDefinition, clientServiceDefinition } from './proto.js';
import type { EngineDirective } from './generated/parapet/v1/EngineDirective.js';
import type { SendMessageRequest } from './generated/parapet/v1/SendMessageRequest.js';

describe('the embedded descriptor', () => {
  it('keeps snake_case fields through a serialize/deserialize round trip', () => {
    const method = agentServiceDefinition().RunSession;
    if (!method) throw new Error('RunSession missing');
    const directive: EngineDirective = { process: { turn_id: 't1', session_id: 's1', message: 'hi', max_rounds: 3 } };
    const back = method.responseDeserialize(method.responseSerialize(directive)) as EngineDirective;
    expect(back.process).toMatchObject({ turn_id: 't1', session_id: 's1', message: 'hi', max_rounds: 3 });
    expect(back.directive).toBe('process');
  });

  it('decodes client requests with every field', () => {
    const method = clientServiceDefinition().SendMessage;
    if (!method) throw new Error('SendMessage missing');
    const request: SendMessageRequest = { session_id: '01ABC', text: 'list files', channel: 'cli' };
    expect(method.requestDeserialize(method.requestSerialize(request))).toMatchObject(request);
  });
});
