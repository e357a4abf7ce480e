import type { AgentEvent, EngineDirective__Output } from '@parapet/wire';
import { describe, expect, it } from 'vitest';
import { loadToolGroups, parseLoadToolsArguments } from './load-tools.js';
import { Toolset } from './toolset.js';
import type { TurnChannel } from './turn-channel.js';

describe('parseLoadToolsArguments', () => {
  it('reads a list of groups, or a single group', () => {
    expect(parseLoadToolsArguments('{"groups":["files","git"]}')).toEqual(['files', 'git']);
    expect(parseLoadToolsArguments('{"group":"files"}')).toEqual(['files']);
  });

  it('rejects anything that does not name a group', () => {
    for (const bad of ['', 'not json', '[]', 'null', '{}', '{"groups":[]}', '{"groups":[1]}', '{"groups":"files"}', '{"group":""}']) {
      expect(parseLoadToolsArguments(bad), bad).toBeNull();
    }
  });
});

describe('loadToolGroups', () => {
  it('quotes unknown group names back cut short, never a 2 MB name whole', async () => {
    const sent: AgentEvent[] = [];
    const channel: TurnChannel = {
      turnId: 't1',
      send: (event) => void sent.push(event),
      receive: async () => ({ tool_defs: { tools: [] } }) as unknown as EngineDirective__Output,
      openLlmRequest: () => 'r1',
    };
    const huge = 'g'.repeat(2 * 1024 * 1024);
    const names = [huge, ...Array.from({ length: 10 }, (_, i) => `nope${i}`)];
    const result = await loadToolGroups({ id: 'c1', name: 'load_tools', arguments_json: JSON.stringify({ groups: names }) }, channel, new Toolset([]), [{ name: 'files', description: 'files' }]);
    expect(result.length).toBeLessThan(2000);
    expect(result).toContain(`(${huge.length} bytes)`);
    expect(result).toContain('and 6 more');
    expect(result).toContain('Available groups: files.');
  });
});
