import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startScriptedModel, type ChatRequest, type ScriptedModel } from '@parapet/shield/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliInPty } from '../harness/pty.js';
import { startParapet, type RunningParapet } from '../harness/parapet.js';

/* A person in a terminal (a real pseudo-terminal): pastes, continued lines, slash commands, Ctrl-C. */

let parapet: RunningParapet;
let model: ScriptedModel;

function userTexts(requests: readonly { body?: ChatRequest | undefined }[]): string[] {
  const last = requests.filter((request) => request.body !== undefined).map((request) => request.body?.messages ?? []);
  const seen = new Set<string>();
  for (const messages of last) for (const message of messages) if (message.role === 'user' && typeof message.content === 'string') seen.add(message.content);
  return [...seen];
}

beforeEach(async () => {
  model = await startScriptedModel({ respond: () => ({ text: '# Heading\nSome **bold** text.\n', chunkChars: 4 }) });
  parapet = await startParapet({ llmUrl: model.url });
});
afterEach(async () => {
  await parapet.stop();
  parapet.cleanup();
  await model.close();
});

describe('parapet chat in a terminal', () => {
  it('a paste is one turn, `\\` continues a line, slash commands never reach the model, Ctrl-C twice leaves', async () => {
    const session = cliInPty(['chat'], { PARAPET_HOME: parapet.home, NO_COLOR: '1' });
    await session.expect('parapet chat: scripted-test-model at');
    await session.answer('you> ', '\u001b[200~first pasted line\nsecond pasted line\u001b[201~\r');
    await session.expect('Some **bold** text.');
    await session.answer('you> ', '/help\r');
    await session.expect('/use ID       continue session ID');
    await session.answer('you> ', '/frobnicate now\r');
    await session.expect('unknown command /frobnicate: nothing was sent');
    await session.answer('you> ', 'one line\\\r');
    await session.answer('...> ', 'and the next with sk-proj-Zq8vN2mXc4Lk9Pw3Rt7Yb1Hd6Fs0Gj5Ua\r');
    await session.expect('Some **bold** text.');
    await session.answer('you> ', '/sessions\r');
    await session.expect('first pasted line');
    await session.answer('you> ', '/new\r');
    await session.expect('(a new session starts with your next message)');
    await session.answer('you> ', '\u0003');
    await session.answer('(Ctrl-C again or Ctrl-D to leave)', '\u0003');
    expect(await session.exited()).toBe(0);
    expect(session.output()).toMatch(/\n$/);

    expect(userTexts(model.requests)).toEqual(['first pasted line\nsecond pasted line', expect.stringMatching(/^one line\nand the next with /)]);
    const { sessions } = { sessions: JSON.parse((await parapet.cli(['sessions', '--json'])).stdout) as { messageCount: number }[] };
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.messageCount).toBe(4);

    const historyFile = join(parapet.home, 'chat_history');
    expect(statSync(historyFile).mode & 0o777).toBe(0o600);
    const history = readFileSync(historyFile, 'utf8');
    expect(history).toContain(JSON.stringify('first pasted line\nsecond pasted line'));
    expect(history).toContain('"/help"');
    expect(history).not.toContain('sk-proj-Zq8vN2mXc4Lk9Pw3Rt7Yb1Hd6Fs0Gj5Ua');
  }, 60_000);

  it('renders Markdown on a colour terminal, plain text with NO_COLOR', async () => {
    const plain = cliInPty(['chat'], { PARAPET_HOME: parapet.home, NO_COLOR: '1' });
    await plain.answer('you> ', 'hi\r');
    await plain.expect('# Heading\r\nSome **bold** text.');
    plain.type('\u0004');
    expect(await plain.exited()).toBe(0);
    expect(plain.output()).not.toContain('\u001b[1m');
    expect(plain.output()).not.toContain('\u001b[0m');

    const coloured = cliInPty(['chat'], { PARAPET_HOME: parapet.home });
    await coloured.answer('you> ', 'hi\r');
    await coloured.expect('Some \u001b[1mbold\u001b[22m text.');
    expect(coloured.output()).toContain('\u001b[1m\u001b[4mHeading\u001b[24m\u001b[22m');
    coloured.type('\u0004');
    expect(await coloured.exited()).toBe(0);
  }, 60_000);
});
