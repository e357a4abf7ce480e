import { ParapetError, type EngineDirective, type LlmPart } from '@parapet/wire';
import { describe, expect, it } from 'vitest';
import { quietLogger } from '../logging/quiet.js';
import { startTurnRelay } from './turn-relay.js';
import type { TurnHandlers } from '../turn/ports.js';

type Part = Omit<LlmPart, 'request_id'>;
const input = { turnId: 't1', sessionId: 's1', message: 'hi', history: [], context: [{ name: 'SOUL.md', content: 'calm' }], maxRounds: 2, maxToolCallsPerReply: 3 };
const llmRequest = (requestId: string, turnId = 't1') => ({
  llm_request: { turn_id: turnId, request_id: requestId, messages: [], tools: [] },
  event: 'llm_request' as const,
});

function relayWith(overrides: Partial<TurnHandlers>, maxRounds = 2) {
  const sent: EngineDirective[] = [];
  const tokens: string[] = [];
  const handlers: TurnHandlers = {
    onTokenDelta: (text) => void tokens.push(text),
    async *onLlmRequest() {
      yield* [{ text_delta: 'hi' }, { finish: { reason: 'stop' } }] as Part[];
    },
    onToolProposal: async () => ({ content: 'ok', isError: false }),
    onRefusedProposal: (_proposal, refusal) => ({ content: `[${refusal.code}] ${refusal.message}`, isError: true }),
    onToolDefsRequest: () => [],
    ...overrides,
  };
  const relay = startTurnRelay({ ...input, maxRounds }, handlers, (d) => void sent.push(d), quietLogger);
  return { relay, sent, tokens };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const partsSent = (sent: EngineDirective[]) => sent.flatMap((d) => (d.llm_part ? [d.llm_part] : []));

describe('turn relay', () => {
  it('ends the turn cleanly once the reported usage passes the token cap: no finish, no tool call reaches the agent', async () => {
    const caps: unknown[] = [];
    const sent: EngineDirective[] = [];
    const usage = { prompt_tokens: 60, completion_tokens: 10, total_tokens: 70 };
    const handlers: TurnHandlers = {
      onTokenDelta: () => undefined,
      async *onLlmRequest() {
        yield* [{ text_delta: 'Checking.' }, { tool_call: { id: 'c1', name: 'read_file', arguments_json: '{}' } }, { finish: { reason: 'tool_calls', usage } }] as Part[];
      },
      onToolProposal: async () => ({ content: 'ok', isError: false }),
      onRefusedProposal: (_proposal, refusal) => ({ content: refusal.code, isError: true }),
      onToolDefsRequest: () => [],
      onTokenCap: (used, cap, message) => void caps.push({ used, cap, message }),
    };
    const relay = startTurnRelay({ ...input, maxRounds: 5, maxTurnTokens: 100 }, handlers, (d) => void sent.push(d), quietLogger);
    relay.handle(llmRequest('r1'));
    await flush();
    expect(caps).toEqual([]);
    relay.handle(llmRequest('r2'));
    const done = await relay.done;
    const message = 'This turn stopped after using 140 tokens, over its cap of 100 (guardrails.max_turn_tokens).';
    expect(caps).toEqual([{ used: 140, cap: 100, message }]);
    expect(done).toEqual({ content: `Checking.\n\n${message}`, thoughts: 'Checking.', usage: { promptTokens: 120, completionTokens: 20, totalTokens: 140 }, rounds: 2, toolWork: [] });
    expect(partsSent(sent).filter((p) => p.request_id === 'r2').map((p) => Object.keys(p).find((k) => k !== 'request_id'))).toEqual(['text_delta', 'tool_call']);
    expect(sent.at(-1)).toEqual({ cancel: { turn_id: 't1', reason: 'token cap reached' } });
  });

  it('opens the turn with a process directive carrying the input', () => {
    const { sent } = relayWith({});
    expect(sent[0]).toEqual({
      process: { turn_id: 't1', session_id: 's1', message: 'hi', history: [], context: [{ name: 'SOUL.md', content: 'calm' }], max_rounds: 2, earlier_summary: '', compact_before: 0 },
    });
  });

  it('relays model parts under the request id and ignores events of other turns', async () => {
    const { relay, sent, tokens } = relayWith({});
    relay.handle(llmRequest('r1'));
    relay.handle(llmRequest('r9', 'other-turn'));
    relay.handle({ token_delta: { turn_id: 'other-turn', text: 'not mine' }, event: 'token_delta' });
    relay.handle({ token_delta: { turn_id: 't1', text: 'mine' }, event: 'token_delta' });
    await flush();
    expect(partsSent(sent)).toEqual([
      { text_delta: 'hi', request_id: 'r1' },
      { finish: { reason: 'stop' }, request_id: 'r1' },
    ]);
    expect(tokens).toEqual(['mine']);
  });

  it('turns a model stream that stops without finishing, or throws, into an error part without leaking internals', async () => {
    const { relay, sent } = relayWith({
      async *onLlmRequest(request) {
        if (request.request_id === 'r2') throw new Error('ECONNRESET at 10.0.0.7 with key sk-secret');
        yield { text_delta: 'partial' };
      },
    });
    relay.handle(llmRequest('r1'));
    await flush();
    relay.handle(llmRequest('r2'));
    await flush();
    const errors = partsSent(sent).filter((p) => p.error);
    expect(errors.map((p) => [p.request_id, p.error?.code])).toEqual([
      ['r1', 'LLM_ERROR'],
      ['r2', 'LLM_ERROR'],
    ]);
    expect(JSON.stringify(errors)).not.toContain('sk-secret');
  });

  it('holds the agent to one model call at a time and to the round limit', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { relay, sent } = relayWith({
      async *onLlmRequest() {
        await gate;
        yield { finish: { reason: 'stop' } };
      },
    });
    relay.handle(llmRequest('r1'));
    relay.handle(llmRequest('r2'));
    await flush();
    expect(partsSent(sent).find((p) => p.request_id === 'r2')?.error?.code).toBe('AGENT_PROTOCOL');
    release();
    await flush();
    relay.handle(llmRequest('r3'));
    await flush();
    relay.handle(llmRequest('r4'));
    await expect(relay.done).rejects.toMatchObject({ code: 'MAX_ROUNDS' });
    expect(sent.at(-1)).toEqual({ cancel: { turn_id: 't1', reason: 'round limit reached' } });
  });

  it('answers a proposal whose handler throws with an error result, and the turn goes on', async () => {
    const { relay, sent } = relayWith({
      onToolProposal: async () => {
        throw new ParapetError('SHIELD_BLOCKED', 'policy forbids it');
      },
    });
    relay.handle({ tool_proposal: { turn_id: 't1', call_id: 'c1', tool_name: 'delete_file', arguments_json: '{}' }, event: 'tool_proposal' });
    await flush();
    expect(sent.at(-1)).toEqual({ tool_result: { turn_id: 't1', call_id: 'c1', content: 'SHIELD_BLOCKED: policy forbids it', is_error: true } });
    relay.handle({ response_complete: { turn_id: 't1', content: 'done', thoughts: '', usage: null, rounds: 1, tool_work: [] }, event: 'response_complete' });
    await expect(relay.done).resolves.toMatchObject({ content: 'done' });
  });

  it('maps an agent error with an unknown code to INTERNAL and bounds its message', async () => {
    const { relay } = relayWith({});
    relay.handle({ agent_error: { turn_id: 't1', code: 'MADE_UP', message: 'x'.repeat(5000), recoverable: false }, event: 'agent_error' });
    const error = await relay.done.catch((e: unknown) => e as ParapetError);
    expect(error).toMatchObject({ code: 'INTERNAL' });
    expect((error as ParapetError).message.length).toBeLessThanOrEqual(500);
  });

  it('cancels: tells the agent, aborts the model call and rejects with TURN_CANCELLED', async () => {
    let seen: AbortSignal | undefined;
    const { relay, sent } = relayWith({
      async *onLlmRequest(_request, signal) {
        seen = signal;
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        yield* [];
      },
    });
    relay.handle(llmRequest('r1'));
    await flush();
    relay.cancel('user stopped it');
    await expect(relay.done).rejects.toMatchObject({ code: 'TURN_CANCELLED' });
    expect(seen?.aborted).toBe(true);
    expect(sent.at(-1)).toEqual({ cancel: { turn_id: 't1', reason: 'user stopped it' } });
  });

  it('runs at most maxToolCallsPerReply calls of one reply (load_tools included) and refuses the rest', async () => {
    const ran: string[] = [];
    const refused: Array<[string, string]> = [];
    const { relay, sent } = relayWith({
      onToolProposal: async (proposal) => {
        ran.push(proposal.callId);
        return { content: 'ok', isError: false };
      },
      onRefusedProposal: (proposal, refusal) => {
        refused.push([proposal.callId, refusal.code]);
        return { content: `[${refusal.code}] ${refusal.message}`, isError: true };
      },
    }, 5);
    const propose = (callId: string) =>
      relay.handle({ tool_proposal: { turn_id: 't1', call_id: callId, tool_name: 'read_file', arguments_json: '{}' }, event: 'tool_proposal' });
    relay.handle(llmRequest('r1'));
    await flush();
    relay.handle({ tool_defs_request: { turn_id: 't1', groups: ['files'], call_id: 'load', arguments_json: '{"groups":["files"]}' }, event: 'tool_defs_request' });
    for (const id of ['a', 'b', 'c']) propose(id);
    await flush();
    expect(ran).toEqual(['a', 'b']);
    expect(refused).toEqual([['c', 'TOOL_CALL_LIMIT']]);
    expect(sent.find((d) => d.tool_result?.call_id === 'c')?.tool_result).toMatchObject({ is_error: true, content: expect.stringContaining('TOOL_CALL_LIMIT') });

    // The next reply starts a fresh count.
    relay.handle(llmRequest('r2'));
    await flush();
    propose('d');
    await flush();
    expect(ran).toEqual(['a', 'b', 'd']);
  });

  it('after a cancel, refuses (and records) every proposal of the turn without running it', async () => {
    const ran: string[] = [];
    const refused: Array<[string, string, string]> = [];
    const { relay, sent } = relayWith({
      onToolProposal: async (proposal) => {
        ran.push(proposal.callId);
        return { content: 'ok', isError: false };
      },
      onRefusedProposal: (proposal, refusal) => {
        refused.push([proposal.toolName, proposal.callId, refusal.code]);
        return { content: `[${refusal.code}] ${refusal.message}`, isError: true };
      },
    });
    relay.cancel('user pressed Ctrl-C');
    await expect(relay.done).rejects.toMatchObject({ code: 'TURN_CANCELLED' });
    relay.handle({ tool_proposal: { turn_id: 't1', call_id: 'late', tool_name: 'write_file', arguments_json: '{}' }, event: 'tool_proposal' });
    relay.handle({ tool_defs_request: { turn_id: 't1', groups: ['files'], call_id: 'load', arguments_json: '{}' }, event: 'tool_defs_request' });
    relay.handle(llmRequest('r9'));
    await flush();
    expect(ran).toEqual([]);
    expect(refused).toEqual([
      ['write_file', 'late', 'TURN_CANCELLED'],
      ['load_tools', 'load', 'TURN_CANCELLED'],
    ]);
    expect(sent.find((d) => d.tool_result?.call_id === 'late')?.tool_result).toMatchObject({ is_error: true });
    expect(sent.find((d) => d.tool_defs)?.tool_defs).toEqual({ turn_id: 't1', tools: [] });
    expect(partsSent(sent).find((p) => p.request_id === 'r9')?.error?.code).toBe('TURN_CANCELLED');
    expect(relay.finished).toBe(false);
    relay.handle({ agent_error: { turn_id: 't1', code: 'TURN_CANCELLED', message: 'cancelled', recoverable: false }, event: 'agent_error' });
    expect(relay.finished).toBe(true);
  });

  it('gives the pipeline a turn signal that aborts when the turn is cancelled', async () => {
    let turnSignal: AbortSignal | undefined;
    const { relay } = relayWith({
      onToolProposal: async (_proposal, signal) => {
        turnSignal = signal;
        return { content: 'ok', isError: false };
      },
    });
    relay.handle({ tool_proposal: { turn_id: 't1', call_id: 'c1', tool_name: 'read_file', arguments_json: '{}' }, event: 'tool_proposal' });
    await flush();
    expect(turnSignal?.aborted).toBe(false);
    relay.cancel('stop');
    await relay.done.catch(() => undefined);
    expect(turnSignal?.aborted).toBe(true);
  });
});
