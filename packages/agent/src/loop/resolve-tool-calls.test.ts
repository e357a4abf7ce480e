import type { AgentEvent, EngineDirective__Output } from '@parapet/wire';
import { describe, expect, it } from 'vitest';
import { resolveToolCalls } from './resolve-tool-calls.js';
import { Toolset } from './toolset.js';
import type { TurnChannel } from './turn-channel.js';

/** An engine that answers a proposal only once every proposal it waits for has arrived, last first. */
function engineAnsweringInReverse(expectedTogether: number) {
  const sent: AgentEvent[] = [];
  const inbox: EngineDirective__Output[] = [];
  const waiting: ((directive: EngineDirective__Output) => void)[] = [];
  let proposals: string[] = [];
  const deliver = (directive: EngineDirective__Output): void => {
    const reader = waiting.shift();
    if (reader) reader(directive);
    else inbox.push(directive);
  };
  const channel: TurnChannel = {
    turnId: 'T1',
    send(event) {
      sent.push(event);
      if (event.tool_defs_request) deliver({ tool_defs: { turn_id: 'T1', tools: [] } } as unknown as EngineDirective__Output);
      if (!event.tool_proposal) return;
      proposals.push(event.tool_proposal.call_id ?? '');
      if (proposals.length < expectedTogether) return;
      for (const id of proposals.reverse()) deliver({ tool_result: { turn_id: 'T1', call_id: id, content: `result ${id}`, is_error: false } } as unknown as EngineDirective__Output);
      proposals = [];
    },
    receive: () => {
      const next = inbox.shift();
      return next ? Promise.resolve(next) : new Promise((resolve) => waiting.push(resolve));
    },
    openLlmRequest: () => 'R1',
  };
  return { channel, sent };
}

const call = (id: string, name = 'read_file') => ({ id, name, arguments_json: '{}' });

describe('resolveToolCalls', () => {
  it('proposes the calls of one reply together and returns their results in the order of the calls', async () => {
    const { channel, sent } = engineAnsweringInReverse(3);
    const results = await resolveToolCalls([call('a'), call('b'), call('c', 'write_file')], channel, new Toolset([]), []);
    expect(results).toEqual(['result a', 'result b', 'result c']);
    expect(sent.map((event) => event.tool_proposal?.call_id)).toEqual(['a', 'b', 'c']);
  });

  it('answers load_tools in its place, between the calls before and after it', async () => {
    const { channel, sent } = engineAnsweringInReverse(1);
    const results = await resolveToolCalls([call('a'), call('l', 'load_tools'), call('b')], channel, new Toolset([]), []);
    expect(results[0]).toBe('result a');
    expect(results[2]).toBe('result b');
    expect(sent.map((event) => (event.tool_proposal ? `propose ${event.tool_proposal.call_id}` : 'load_tools'))).toEqual(['propose a', 'load_tools', 'propose b']);
  });
});
