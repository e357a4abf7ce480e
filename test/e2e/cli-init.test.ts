import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliAlone } from '../harness/cli-only.js';
import { cliInPty } from '../harness/pty.js';

/* A newcomer runs `parapet init` in a terminal (a real pseudo-terminal here) or in a script. */

/** A loopback port nothing listens on (it was free a moment ago). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let home: string;
let model: ScriptedModel;
const rejectKey = { value: false };

beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'parapet-init-'));
  rejectKey.value = false;
  model = await startScriptedModel({
    model: 'tiny',
    respond: () => (rejectKey.value ? { error: { status: 401, message: 'Incorrect API key provided' } } : { text: 'OK' }),
  });
});
afterEach(async () => {
  await model.close();
  rmSync(home, { recursive: true, force: true });
});

describe('parapet init', () => {
  it('asks on a terminal, tests the model (explaining a refused key), and writes a config the engine accepts, comments kept', async () => {
    rejectKey.value = true;
    const session = cliInPty(['init'], { PARAPET_HOME: home, MY_KEY: 'sk-abc' });
    await session.answer('Endpoint base URL [http://127.0.0.1:11434/v1]: ', 'not a url\r');
    await session.answer('expected an http(s) URL', '');
    await session.answer('Endpoint base URL [http://127.0.0.1:11434/v1]: ', `${model.url}\r`);
    await session.answer('Model name [llama3.1]: ', 'tiny\r');
    await session.answer('Variable holding the API key (empty: none): ', 'MY_KEY\r');
    await session.expect(`the test failed: ${model.url} refused the key (HTTP 401): Incorrect API key provided`);
    await session.expect('check: check that MY_KEY holds a valid key for this endpoint');
    rejectKey.value = false;
    await session.answer('(r)etry with other answers, (s)ave anyway, (q)uit [r]: ', 'r\r');
    await session.answer(`Endpoint base URL [${model.url}]: `, '\r');
    await session.answer('Model name [tiny]: ', '\r');
    await session.answer('Variable holding the API key (empty: none) [MY_KEY]: ', '\r');
    await session.expect(`ok: tiny at ${model.url} answered`);
    expect(await session.exited()).toBe(0);
    expect(model.requests.at(-1)?.authorization).toBe('Bearer sk-abc');

    const config = readFileSync(join(home, 'config.yaml'), 'utf8');
    expect(config).toContain(`llm:\n  base_url: ${model.url}\n  model: tiny\n  api_key_env: MY_KEY\n`);
    expect(config).toContain('# Parapet configuration. Unknown keys are errors.\n');
    expect(config).toContain('  # Lowest Shield tier allowed to ALLOW an action (0 policy, 1 heuristics, 2 LLM, 3 human).\n');
    const validate = await runCliAlone(['config', 'validate'], { PARAPET_HOME: home });
    expect(validate.code).toBe(0);
    const doctor = JSON.parse((await runCliAlone(['doctor', '--json'], { PARAPET_HOME: home, MY_KEY: 'sk-abc' })).stdout) as { checks: { name: string; status: string }[] };
    expect(doctor.checks.find((check) => check.name === 'model')?.status).toBe('ok');
  }, 60_000);

  it('--non-interactive configures from flags, and refuses (config untouched) when the test fails', async () => {
    rejectKey.value = true;
    const refused = await runCliAlone(['init', '--non-interactive', '--base-url', model.url, '--model', 'tiny', '--api-key-env', 'MY_KEY'], { PARAPET_HOME: home, MY_KEY: 'sk-x' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `parapet: the model test failed: ${model.url} refused the key (HTTP 401): Incorrect API key provided — check that MY_KEY holds a valid key for this endpoint (config.yaml unchanged; --no-test writes it anyway)\n`,
    );
    expect(readFileSync(join(home, 'config.yaml'), 'utf8')).not.toMatch(/^llm:/m);

    const unset = await runCliAlone(['init', '--non-interactive', '--base-url', model.url, '--model', 'tiny', '--api-key-env', 'MY_KEY'], { PARAPET_HOME: home });
    expect(unset.stderr).toContain('environment variable MY_KEY is not set');

    rejectKey.value = false;
    const done = await runCliAlone(['init', '--non-interactive', '--base-url', model.url, '--model', 'tiny'], { PARAPET_HOME: home });
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`model test ok: tiny at ${model.url} answered\n`);
    expect(readFileSync(join(home, 'config.yaml'), 'utf8')).toContain(`llm:\n  base_url: ${model.url}\n  model: tiny\n`);

    const closedUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const unreachable = await runCliAlone(['init', '--non-interactive', '--base-url', closedUrl, '--model', 'tiny'], { PARAPET_HOME: home });
    expect(unreachable.stderr).toContain(`cannot reach ${closedUrl}: connection refused — nothing listens there — check the URL`);
  }, 30_000);
});
