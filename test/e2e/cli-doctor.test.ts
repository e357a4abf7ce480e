import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliAlone } from '../harness/cli-only.js';
import { startParapet, type RunningParapet } from '../harness/parapet.js';

/* `parapet doctor` on a healthy running home, on a home someone broke, and on a home that is a file. */

interface Check {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

const running: RunningParapet[] = [];
const models: ScriptedModel[] = [];
const folders: string[] = [];
afterEach(async () => {
  for (const parapet of running.splice(0)) {
    await parapet.stop();
    parapet.cleanup();
  }
  for (const model of models.splice(0)) await model.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function byName(stdout: string): Map<string, Check> {
  const report = JSON.parse(stdout) as { ok: boolean; checks: Check[] };
  return new Map(report.checks.map((check) => [check.name, check]));
}

describe('parapet doctor', () => {
  it('passes a healthy running home, then flags the audit chain, a bad key and a loose home mode', async () => {
    const model = await startScriptedModel({ respond: () => ({ text: 'OK' }), model: 'scripted-test-model' });
    models.push(model);
    const parapet = await startParapet({ llmUrl: model.url });
    running.push(parapet);
    expect((await parapet.cli(['send', 'hello'])).code).toBe(0);

    const healthy = await parapet.cli(['doctor', '--json']);
    const checks = byName(healthy.stdout);
    for (const name of ['node', 'home', 'config', 'daemon', 'database', 'audit chain', 'disk', 'model']) {
      expect(checks.get(name), name).toMatchObject({ status: 'ok' });
    }
    expect(checks.get('model')?.detail).toBe(`scripted-test-model at ${model.url} answered`);
    expect(model.requests.at(-1)?.authorization).toBe('Bearer sk-test-key-never-shown');

    await parapet.stop();
    const db = new Database(join(parapet.home, 'parapet.db'));
    for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit'").all() as { name: string }[]) {
      db.exec(`DROP TRIGGER "${name}"`);
    }
    db.prepare("UPDATE audit SET data = '{\"forged\":true}' WHERE seq = 2").run();
    db.close();
    chmodSync(parapet.home, 0o755);
    writeFileSync(join(parapet.home, 'config.yaml'), `shield:\n  policy: strict\n  colour: blue\n`, { flag: 'a' });

    const broken = await parapet.cli(['doctor', '--json']);
    expect(broken.code).toBe(1);
    const found = byName(broken.stdout);
    expect(found.get('audit chain')).toMatchObject({ status: 'fail', detail: expect.stringContaining('row 2') });
    expect(found.get('config')).toMatchObject({ status: 'fail', detail: expect.stringContaining('shield') });
    expect(found.get('home')).toMatchObject({ status: 'warn', fix: `chmod 700 ${parapet.home}` });
    expect(found.get('daemon')).toMatchObject({ status: 'warn', fix: 'parapet start (or parapet service install)' });

    const human = await parapet.cli(['doctor', '--no-color']);
    expect(human.code).toBe(1);
    expect(human.stdout).toMatch(/^FAIL {2}audit chain /m);
    expect(human.stdout).toMatch(/ failures\n$/);
    expect(human.stdout).not.toContain('\u001b[');
  }, 90_000);

  it('names the key variable when the endpoint refuses the key', async () => {
    const model = await startScriptedModel({ respond: () => ({ error: { status: 401, message: 'Incorrect API key provided' } }) });
    models.push(model);
    const home = mkdtempSync(join(tmpdir(), 'parapet-doctor-'));
    folders.push(home);
    writeFileSync(join(home, 'config.yaml'), `llm:\n  base_url: ${model.url}\n  model: m\n  api_key_env: MY_LLM_KEY\n`);
    const result = await runCliAlone(['doctor', '--json'], { PARAPET_HOME: home, MY_LLM_KEY: 'sk-wrong' });
    expect(result.code).toBe(1);
    expect(byName(result.stdout).get('model')).toEqual({
      name: 'model',
      status: 'fail',
      detail: `${model.url} refused the key (HTTP 401): Incorrect API key provided`,
      fix: 'check that MY_LLM_KEY holds a valid key for this endpoint',
    });
  });

  it('probes each fallback model too, and names the one that cannot answer', async () => {
    const primary = await startScriptedModel({ respond: () => ({ text: 'OK' }), model: 'primary-model' });
    const working = await startScriptedModel({ respond: () => ({ text: 'OK' }), model: 'second-model' });
    const refusing = await startScriptedModel({ respond: () => ({ error: { status: 401, message: 'bad key' } }) });
    models.push(primary, working, refusing);
    const home = mkdtempSync(join(tmpdir(), 'parapet-doctor-'));
    folders.push(home);
    writeFileSync(
      join(home, 'config.yaml'),
      [
        'llm:',
        `  base_url: ${primary.url}`,
        '  model: primary-model',
        '  fallbacks:',
        `    - base_url: ${working.url}`,
        '      model: second-model',
        `    - base_url: ${refusing.url}`,
        '      model: third-model',
        '      api_key_env: THIRD_KEY',
        '',
      ].join('\n'),
    );
    const result = await runCliAlone(['doctor', '--json'], { PARAPET_HOME: home, THIRD_KEY: 'sk-wrong' });
    const checks = byName(result.stdout);
    expect(checks.get('model')).toMatchObject({ status: 'ok', detail: `primary-model at ${primary.url} answered` });
    expect(checks.get('model fallback 1')).toMatchObject({ status: 'ok', detail: `second-model at ${working.url} answered` });
    expect(checks.get('model fallback 2')).toEqual({
      name: 'model fallback 2',
      status: 'fail',
      detail: `${refusing.url} refused the key (HTTP 401): bad key`,
      fix: 'check that THIRD_KEY holds a valid key for this endpoint',
    });
    expect(result.code).toBe(1);
    expect(refusing.requests.at(-1)?.authorization).toBe('Bearer sk-wrong');
  });

  it('a PARAPET_HOME that is a file fails doctor, and every other command at once with one line', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'parapet-doctor-'));
    folders.push(folder);
    const file = join(folder, 'not-a-folder');
    writeFileSync(file, 'x');
    const doctor = await runCliAlone(['doctor', '--json'], { PARAPET_HOME: file });
    expect(doctor.code).toBe(1);
    expect(byName(doctor.stdout).get('home')).toMatchObject({ status: 'fail', detail: `${file} is not a folder` });
    for (const args of [['status'], ['send', 'hi'], ['init'], ['start']]) {
      const result = await runCliAlone(args, { PARAPET_HOME: join(file, 'sub') });
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toBe(`parapet: PARAPET_HOME ${join(file, 'sub')} cannot be used: ${file} is a file, not a folder — point PARAPET_HOME or --home at a folder\n`);
    }
    mkdirSync(join(folder, 'home', 'config.yaml'), { recursive: true });
    const unreadable = await runCliAlone(['config', 'get'], { PARAPET_HOME: join(folder, 'home') });
    expect(unreadable.stderr).toBe(`parapet: cannot read ${join(folder, 'home', 'config.yaml')}: it is a folder, not a file\n`);
  });
});
