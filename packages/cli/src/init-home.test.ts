import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { classifierDir, loadConfig } from '@parapet/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { defaultModelDir } from './commands/models.js';
import { initHome } from './init-home.js';
import { homePaths } from './paths.js';

describe('parapet init', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'parapet-init-'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('creates a private home, the default config and a workspace with IDENTITY, SOUL and USER', async () => {
    const home = join(root, 'home');
    const report = await initHome({ home });
    expect((await stat(home)).mode & 0o777).toBe(0o700);
    expect((await stat(join(home, 'config.yaml'))).mode & 0o777).toBe(0o600);
    expect(report.workspace).toBe(join(home, 'workspace'));
    for (const name of ['IDENTITY.md', 'SOUL.md', 'USER.md']) {
      expect(await readFile(join(home, 'workspace', name), 'utf8')).toMatch(/^# /);
    }
    expect(report.steps.every((step) => step.action === 'created')).toBe(true);
    // The config it wrote is one the engine accepts.
    expect(loadConfig({ home, env: {} }).demo).toBe(true);
  });

  it('never overwrites what is already there', async () => {
    const home = join(root, 'home');
    await mkdir(join(home, 'workspace'), { recursive: true });
    await writeFile(join(home, 'config.yaml'), 'agent:\n  max_rounds: 7\n');
    await writeFile(join(home, 'workspace', 'SOUL.md'), 'my own soul');
    const report = await initHome({ home });
    expect(await readFile(join(home, 'config.yaml'), 'utf8')).toBe('agent:\n  max_rounds: 7\n');
    expect(await readFile(join(home, 'workspace', 'SOUL.md'), 'utf8')).toBe('my own soul');
    expect(report.steps.find((step) => step.path.endsWith('SOUL.md'))?.action).toBe('kept');
    expect(report.steps.find((step) => step.path.endsWith('USER.md'))?.action).toBe('created');
  });

  it('records a chosen workspace in the new config so later starts use it', async () => {
    const home = join(root, 'home');
    const workspace = join(root, 'my "odd" workspace');
    await initHome({ home, workspace });
    expect(loadConfig({ home, env: {} }).workspace).toBe(workspace);
    expect(await readFile(join(workspace, 'IDENTITY.md'), 'utf8')).toContain('Parapet');
  });

  it('says so when an existing config names another workspace', async () => {
    const home = join(root, 'home');
    await initHome({ home });
    const report = await initHome({ home, workspace: join(root, 'elsewhere') });
    expect(report.note).toContain(`config.yaml already names the workspace ${join(home, 'workspace')}`);
  });

  it('prints what it did, from the command line', async () => {
    const stdout = new PassThrough();
    let out = '';
    stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const io = { stdout, stderr: new PassThrough(), stdin: new PassThrough(), env: {}, cwd: root, onInterrupt: () => () => undefined };
    expect(await runCli(['--home', 'home', 'init', '--workspace', 'ws'], io)).toBe(0);
    expect(out).toContain(`created  ${join(root, 'home', 'config.yaml')}\n`);
    expect(out).toContain(`created  ${join(root, 'ws', 'SOUL.md')}\n`);
    expect(out).toContain(`workspace: ${join(root, 'ws')}\n`);
  });

  it('uses the same file layout as the engine', async () => {
    const home = join(root, 'home');
    const config = loadConfig({ home, env: {} });
    const engine = config.paths;
    expect(homePaths(home)).toEqual({
      home,
      configPath: engine.configPath,
      dbPath: engine.dbPath,
      socketPath: engine.engineSocket,
      agentSocketPath: engine.agentSocket,
      tokenPath: engine.clientTokenPath,
    });
    // `parapet models pull` installs where the engine loads the classifier from.
    expect(defaultModelDir(homePaths(home))).toBe(classifierDir(config));
  });
});
