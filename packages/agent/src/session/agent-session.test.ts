import type { AgentEvent, EngineDirective__Output } from '@parapet/wire';
import { describe, expect, it } from 'vitest';
import { runAgentSession } from './agent-session.js';
import { FakeEngine, finish, processDirective, text, toolCall, toolDef, type ModelReply } from './fake-engine.test-support.js';

const loadTools = toolDef('load_tools', '');
const initialDefs: EngineDirective__Output = {
  initial_tool_defs: { tools: [loadTools], groups: [{ name: 'files', description: 'read and write workspace files' }] },
  directive: 'initial_tool_defs',
};
const ready = { token: 'secret-token', canaries: [{ probe: 'spawn_process', succeeded: false, detail: 'ERR_ACCESS_DENIED' }], pid: 42 };

function start(script: ConstructorParameters<typeof FakeEngine>[0]): { engine: FakeEngine; ended: Promise<string> } {
  const engine = new FakeEngine(script);
  const ended = runAgentSession(engine.transport, ready);
  engine.push(initialDefs);
  return { engine, ended };
}

const endOf = (turnId: string) => (e: AgentEvent) =>
  e.response_complete?.turn_id === turnId || e.agent_error?.turn_id === turnId;

/** load_tools(files) → read_file(notes.txt) → final answer. */
const threeRoundModel: ModelReply = (_request, index) => {
  if (index === 0) return [text('Let me load the file tools.'), toolCall('c1', 'load_tools', { groups: ['files'] }), finish(10, 5)];
  if (index === 1) return [toolCall('c2', 'read_file', { path: 'notes.txt' }), finish(20, 6)];
  return [text('The notes say '), text('hello.'), finish(30, 7)];
};

describe('agent session', () => {
  it('announces ready with the token, canaries and pid before anything else', async () => {
    const { engine, ended } = start({});
    expect(engine.sent[0]).toEqual({ ready });
    engine.close();
    await expect(ended).resolves.toBe('closed');
  });

  it('runs a turn: loads a tool group, proposes a tool call, streams the answer with thoughts and summed usage', async () => {
    const { engine } = start({
      model: threeRoundModel,
      groups: { files: [toolDef('read_file', 'files'), toolDef('write_file', 'files')] },
      toolResult: () => ({ content: 'hello', is_error: false }),
    });
    engine.push(
      processDirective('t1', 'what do my notes say?', {
        context: [
          { name: 'SOUL.md', content: 'Be kind.' },
          { name: 'IDENTITY.md', content: 'You are Parapet.' },
        ],
        history: [{ role: 'user', content: 'earlier question', tool_calls: [], tool_call_id: '' }],
      }),
    );
    const end = await engine.waitFor(endOf('t1'));

    expect(end.response_complete).toEqual({
      turn_id: 't1',
      content: 'The notes say hello.',
      thoughts: 'Let me load the file tools.',
      usage: { prompt_tokens: 60, completion_tokens: 18, total_tokens: 78 },
      rounds: 3,
      tool_work: [
        {
          role: 'assistant',
          content: 'Let me load the file tools.',
          tool_calls: [{ id: 'c1', name: 'load_tools', arguments_json: '{"groups":["files"]}' }],
        },
        { role: 'tool', tool_call_id: 'c1', content: 'Loaded tools: read_file, write_file.' },
        { role: 'assistant', content: '', tool_calls: [{ id: 'c2', name: 'read_file', arguments_json: '{"path":"notes.txt"}' }] },
        { role: 'tool', tool_call_id: 'c2', content: 'hello' },
      ],
    });
    const requests = engine.eventsOf('llm_request');
    expect(requests).toHaveLength(3);
    const [first, second, third] = requests;
    expect(first?.tools?.map((t) => t.name)).toEqual(['load_tools']);
    expect(first?.messages?.[0]?.role).toBe('system');
    expect(first?.messages?.[0]?.content).toMatch(/You are Parapet\.[\s\S]*Be kind\./);
    expect(first?.messages?.slice(1).map((m) => m.content)).toEqual(['earlier question', 'what do my notes say?']);
    expect(engine.eventsOf('tool_defs_request')).toEqual([{ turn_id: 't1', groups: ['files'], call_id: 'c1', arguments_json: '{"groups":["files"]}' }]);
    expect(second?.tools?.map((t) => t.name)).toEqual(['load_tools', 'read_file', 'write_file']);
    expect(second?.messages?.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'c1', content: 'Loaded tools: read_file, write_file.' });
    expect(engine.eventsOf('tool_proposal')).toEqual([
      { turn_id: 't1', call_id: 'c2', tool_name: 'read_file', arguments_json: '{"path":"notes.txt"}' },
    ]);
    expect(third?.messages?.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'c2', name: 'read_file' }] });
    expect(third?.messages?.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'c2', content: 'hello' });
    expect(engine.eventsOf('token_delta').map((d) => d.text)).toEqual(['Let me load the file tools.', 'The notes say ', 'hello.']);
  });

  it('starts every turn again with only load_tools', async () => {
    const { engine } = start({
      model: threeRoundModel,
      groups: { files: [toolDef('read_file', 'files')] },
      toolResult: () => ({ content: 'hello', is_error: false }),
    });
    engine.push(processDirective('t1', 'first'));
    await engine.waitFor(endOf('t1'));
    engine.push(processDirective('t2', 'second'));
    await engine.waitFor(endOf('t2'));
    const turnTwo = engine.eventsOf('llm_request').filter((r) => r.turn_id === 't2');
    expect(turnTwo[0]?.tools?.map((t) => t.name)).toEqual(['load_tools']);
  });

  it('tells the model which tool calls failed', async () => {
    const model: ModelReply = (_r, index) =>
      index === 0 ? [toolCall('c1', 'delete_file', { path: '/etc/passwd' }), finish(1, 1)] : [text('I could not.'), finish(1, 1)];
    const { engine } = start({ model, toolResult: () => ({ content: 'blocked by policy', is_error: true }) });
    engine.push(processDirective('t1', 'delete it'));
    await engine.waitFor(endOf('t1'));
    expect(engine.eventsOf('llm_request')[1]?.messages?.at(-1)).toMatchObject({ role: 'tool', content: 'Error: blocked by policy' });
  });

  it('reports even a malformed load_tools call to the engine (which audits it), and tells the model', async () => {
    const model: ModelReply = (_r, index) =>
      index === 0 ? [toolCall('c1', 'load_tools', { groupz: 'files' }), finish(1, 1)] : [text('ok'), finish(1, 1)];
    const { engine } = start({ model, groups: { files: [toolDef('read_file', 'files')] } });
    engine.push(processDirective('t1', 'load'));
    await engine.waitFor(endOf('t1'));
    expect(engine.eventsOf('tool_defs_request')).toEqual([{ turn_id: 't1', groups: [], call_id: 'c1', arguments_json: '{"groupz":"files"}' }]);
    expect(engine.eventsOf('llm_request')[1]?.messages?.at(-1)?.content).toMatch(/load_tools needs/);
  });

  it('gives unnamed tool calls unique ids so results route back to the right call', async () => {
    const model: ModelReply = (_r, index) =>
      index === 0 ? [toolCall('', 'read_file', { path: 'a' }), toolCall('', 'read_file', { path: 'b' }), finish(1, 1)] : [finish(1, 1)];
    const { engine } = start({ model, toolResult: (_n, args) => ({ content: `read ${args}`, is_error: false }) });
    engine.push(processDirective('t1', 'read both'));
    await engine.waitFor(endOf('t1'));
    const ids = engine.eventsOf('tool_proposal').map((p) => p.call_id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => id !== '')).toBe(true);
  });

  it('ends the turn with MAX_ROUNDS when the model never stops calling tools', async () => {
    const model: ModelReply = (_r, index) => [toolCall(`c${index}`, 'read_file', { path: 'x' }), finish(1, 1)];
    const { engine } = start({ model, toolResult: () => ({ content: 'x', is_error: false }) });
    engine.push(processDirective('t1', 'loop forever', { max_rounds: 3 }));
    const end = await engine.waitFor(endOf('t1'));
    expect(end.agent_error).toMatchObject({ turn_id: 't1', code: 'MAX_ROUNDS' });
    expect(engine.eventsOf('llm_request')).toHaveLength(3);
  });

  it('ends the turn with the relay’s error code when the model stream fails', async () => {
    const model: ModelReply = () => [
      text('partial'),
      { error: { code: 'LLM_UNAVAILABLE', message: 'connection refused', retryable: true }, part: 'error' },
    ];
    const { engine } = start({ model });
    engine.push(processDirective('t1', 'hello'));
    const end = await engine.waitFor(endOf('t1'));
    expect(end.agent_error).toEqual({ turn_id: 't1', code: 'LLM_UNAVAILABLE', message: 'connection refused', recoverable: true });
    expect(engine.eventsOf('response_complete')).toEqual([]);
  });

  it('aborts a turn on cancel and keeps serving the next one', async () => {
    const model: ModelReply = (request) => (request.turn_id === 't1' ? [text('thinking')] : [text('hi'), finish(1, 1)]);
    const { engine } = start({ model });
    engine.push(processDirective('t1', 'slow'));
    await engine.waitFor((e) => e.token_delta?.turn_id === 't1');
    engine.push({ cancel: { turn_id: 't1', reason: 'user pressed ctrl-c' }, directive: 'cancel' });
    const end = await engine.waitFor(endOf('t1'));
    expect(end.agent_error).toMatchObject({ turn_id: 't1', code: 'TURN_CANCELLED' });
    engine.push(processDirective('t2', 'again'));
    const next = await engine.waitFor(endOf('t2'));
    expect(next.response_complete?.content).toBe('hi');
  });

  it('returns shutdown when the engine asks it to stop', async () => {
    const { engine, ended } = start({});
    engine.push({ shutdown: { reason: 'engine stopping' }, directive: 'shutdown' });
    await expect(ended).resolves.toBe('shutdown');
  });
});
