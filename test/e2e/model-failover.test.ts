import { describe, expect, it } from 'vitest';
import { startScriptedModel } from '@parapet/shield/testing';
import { jsonLines, startedPerTest } from '../harness/parapet.js';
import { scriptedModelsPerTest } from '../harness/scripted-models.js';

interface EventLine {
  type: string;
  content?: string;
  code?: string;
  message?: string;
  attempt?: number;
  maxRetries?: number;
  model?: string;
  delayMs?: number;
  fromModel?: string;
  toModel?: string;
}

interface ModelLine {
  role: string;
  model: string;
  state: string;
  consecutiveFailures: number;
  openUntil: string;
}

const start = startedPerTest();
const serve = scriptedModelsPerTest();

describe('model failure classes and failover, through the daemon', () => {
  it('a 429 with Retry-After, then a 200: one retry event, one answer, two requests', async () => {
    let calls = 0;
    const model = await serve(() =>
      calls++ === 0 ? { error: { status: 429, message: 'rate limited, slow down', type: 'rate_limit_error' }, headers: { 'retry-after': '1' } } : { text: 'Here after a wait.' },
    );
    const parapet = await start({ llmUrl: model.url });
    const sent = await parapet.cli(['send', '--json', 'hello']);
    expect(sent.code, sent.stderr).toBe(0);
    const events = jsonLines<EventLine>(sent.stdout);
    const retries = events.filter((event) => event.type === 'llm_retry');
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ attempt: 1, maxRetries: 3, model: 'scripted-test-model', code: 'LLM_UNAVAILABLE', delayMs: 1000 });
    expect(events.filter((event) => event.type === 'response_complete').map((event) => event.content)).toEqual(['Here after a wait.']);
    expect(events.some((event) => event.type === 'error')).toBe(false);
    expect(model.requests.filter((request) => request.method === 'POST')).toHaveLength(2);
    expect(parapet.logs()).toContain('model call failed: retrying');
  });

  it('a 400 is not retried: the turn fails at once with the provider\'s reason', async () => {
    const model = await serve(() => ({ error: { status: 400, message: 'tools[0].function.parameters is not valid JSON schema', type: 'invalid_request_error' } }));
    const parapet = await start({ llmUrl: model.url });
    const sent = await parapet.cli(['send', '--json', 'hello']);
    expect(sent.code).toBe(1);
    const events = jsonLines<EventLine>(sent.stdout);
    expect(events.some((event) => event.type === 'llm_retry')).toBe(false);
    expect(events.find((event) => event.type === 'error')).toMatchObject({
      code: 'LLM_ERROR',
      message: 'the provider rejected the request (400): tools[0].function.parameters is not valid JSON schema',
    });
    expect(model.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it('primary down: the fallback answers, and after three failures status shows the primary\'s circuit open', async () => {
    const gone = await startScriptedModel({ respond: () => ({ text: 'never' }) });
    const downUrl = gone.url;
    await gone.close();
    const fallback = await serve(() => ({ text: 'The fallback answers.' }));
    const parapet = await start({
      config: `llm:\n  base_url: ${downUrl}\n  model: primary-model\n  fallbacks:\n    - base_url: ${fallback.url}\n      model: fallback-model\n`,
    });
    for (let turn = 1; turn <= 3; turn += 1) {
      const sent = await parapet.cli(['send', '--json', `question ${turn}`]);
      expect(sent.code, sent.stderr).toBe(0);
      const events = jsonLines<EventLine>(sent.stdout);
      expect(events.find((event) => event.type === 'model_failover')).toMatchObject({ fromModel: 'primary-model', toModel: 'fallback-model' });
      expect(events.find((event) => event.type === 'llm_retry')).toMatchObject({ attempt: 1, model: 'primary-model', delayMs: 0 });
      expect(events.find((event) => event.type === 'response_complete')?.content).toBe('The fallback answers.');
    }
    const status = (await parapet.status()) as unknown as { models: ModelLine[] };
    expect(status.models.map((model) => [model.role, model.model, model.state])).toEqual([
      ['primary', 'primary-model', 'open'],
      ['fallback', 'fallback-model', 'closed'],
    ]);
    expect(status.models[0]?.consecutiveFailures).toBe(3);
    expect(Date.parse(status.models[0]?.openUntil ?? '')).toBeGreaterThan(Date.now());

    // With the circuit open the turn goes straight to the fallback, and says so.
    const sent = await parapet.cli(['send', '--json', 'question 4']);
    const events = jsonLines<EventLine>(sent.stdout);
    expect(events.some((event) => event.type === 'llm_retry')).toBe(false);
    expect(events.find((event) => event.type === 'model_failover')).toMatchObject({ fromModel: 'primary-model', toModel: 'fallback-model' });
    expect(events.find((event) => event.type === 'response_complete')?.content).toBe('The fallback answers.');

    const human = await parapet.cli(['status']);
    expect(human.stdout).toMatch(/primary primary-model at \S+ · circuit OPEN until \S+ · 3 failures in a row/);
    expect(human.stdout).toContain('fallback fallback-model at');

    // The turn's trace shows the move to the fallback under its model round.
    const turnId = jsonLines<EventLine & { turnId?: string }>((await parapet.cli(['send', '--json', 'question 5'])).stdout)[0]?.turnId;
    expect(turnId).toBeTruthy();
    await expect.poll(async () => (await parapet.cli(['trace', turnId ?? '', '--json'])).code).toBe(0);
    const trace = JSON.parse((await parapet.cli(['trace', turnId ?? '', '--json'])).stdout) as {
      spans: { spanId: number; parentId: number; name: string; attributes: Record<string, unknown> }[];
    };
    const round = trace.spans.find((span) => span.name === 'model round 1');
    const moved = trace.spans.find((span) => span.name === 'failover');
    expect(moved?.parentId).toBe(round?.spanId);
    expect(moved?.attributes).toMatchObject({ from: 'primary-model', to: 'fallback-model' });
    expect(round?.attributes).toMatchObject({ model: 'fallback-model' });
  }, 120_000);
});
