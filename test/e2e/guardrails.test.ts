import { describe, expect, it } from 'vitest';
import type { ScriptedModel } from '@parapet/shield/testing';
import { jsonLines, startedPerTest } from '../harness/parapet.js';
import { scriptedModelsPerTest } from '../harness/scripted-models.js';

interface EventLine {
  type: string;
  text?: string;
  content?: string;
  code?: string;
  message?: string;
  tokensUsed?: number;
  tokenCap?: number;
}

const start = startedPerTest();
const serve = scriptedModelsPerTest();

const posts = (model: ScriptedModel) => model.requests.filter((request) => request.method === 'POST');
const lastUser = (model: ScriptedModel): unknown =>
  posts(model)
    .at(-1)
    ?.body?.messages.filter((message) => message.role === 'user')
    .at(-1)?.content;

const PII = 'Card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00, mail jane.doe@example.com, phone +44 20 7946 0958.';

describe('guardrails on the conversation, through the daemon', () => {
  it('redacts personal data before the model sees it, and stores only the redacted text', async () => {
    const model = await serve(() => ({ text: 'Noted.' }));
    const parapet = await start({ llmUrl: model.url, config: 'guardrails:\n  pii:\n    mode: redact\n' });
    const sent = await parapet.cli(['send', '--json', PII]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(lastUser(model)).toBe('Card [CARD], IBAN [IBAN], mail [EMAIL], phone [PHONE].');
    const sessionId = (jsonLines<{ sessionId: string }>(sent.stdout)[0] as { sessionId: string }).sessionId;
    const history = await parapet.cli(['history', sessionId, '--json']);
    expect(history.stdout).toContain('Card [CARD], IBAN [IBAN]');
    expect(history.stdout).not.toContain('4111');
    expect(history.stdout).not.toContain('jane.doe');
  });

  it('in block mode refuses the message before storing it; a message over max_input_chars likewise', async () => {
    const model = await serve(() => ({ text: 'never' }));
    const parapet = await start({ llmUrl: model.url, config: 'guardrails:\n  max_input_chars: 40\n  pii:\n    mode: block\n    kinds: [card, iban]\n' });
    const blocked = await parapet.cli(['send', 'my card is 4111 1111 1111 1111']);
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain('the message holds personal data (card) and guardrails.pii.mode is block');
    expect(blocked.stderr).not.toContain('4111');
    const long = await parapet.cli(['send', 'x'.repeat(41)]);
    expect(long.code).toBe(1);
    expect(long.stderr).toContain('the message is 41 characters; guardrails.max_input_chars allows 40');
    const fine = await parapet.cli(['send', '--json', 'mail me at jane@example.com']);
    expect(fine.code, fine.stderr).toBe(0);
    expect(posts(model)).toHaveLength(1);
    expect(lastUser(model)).toBe('mail me at jane@example.com');
    const sessions = await parapet.cli(['sessions', '--json']);
    expect(sessions.stdout).not.toContain('4111');
    expect(sessions.stdout).not.toContain('xxxxxxxxxx');
  }, 90_000);

  it('a turn over max_turn_tokens ends cleanly with a message, and the reply\'s tool call does not run', async () => {
    const model = await serve(() => ({
      text: 'Let me look.',
      toolCalls: [{ name: 'load_tools', arguments: { groups: ['files'] } }],
      usage: { prompt_tokens: 900, completion_tokens: 200, total_tokens: 1100 },
    }));
    const parapet = await start({ llmUrl: model.url, config: 'guardrails:\n  max_turn_tokens: 1000\n' });
    const sent = await parapet.cli(['send', '--json', 'read everything']);
    expect(sent.code, sent.stderr).toBe(0);
    const events = jsonLines<EventLine>(sent.stdout);
    const message = 'This turn stopped after using 1100 tokens, over its cap of 1000 (guardrails.max_turn_tokens).';
    expect(events.find((event) => event.type === 'turn_capped')).toMatchObject({ tokensUsed: 1100, tokenCap: 1000, message });
    expect(events.find((event) => event.type === 'response_complete')?.content).toBe(`Let me look.\n\n${message}`);
    expect(events.some((event) => event.type === 'action_started' || event.type === 'error')).toBe(false);
    expect(posts(model)).toHaveLength(1);
    const audit = await parapet.cli(['audit', 'verify']);
    expect(audit.code).toBe(0);
  });

  it('withholds forbidden terms from the streamed and the stored answer, even split across chunks', async () => {
    const model = await serve(() => ({ text: 'The codename is Project Falcon, as agreed.', chunkChars: 3 }));
    const parapet = await start({ llmUrl: model.url, config: 'guardrails:\n  forbidden_terms: ["project falcon"]\n' });
    const sent = await parapet.cli(['send', '--json', 'what is the codename?']);
    expect(sent.code, sent.stderr).toBe(0);
    const events = jsonLines<EventLine>(sent.stdout);
    const streamed = events.filter((event) => event.type === 'llm_token').map((event) => event.text).join('');
    expect(streamed).toBe('The codename is [withheld], as agreed.');
    expect(events.find((event) => event.type === 'response_complete')?.content).toBe('The codename is [withheld], as agreed.');
  });
});
