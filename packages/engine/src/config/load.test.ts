import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { defaultConfigYaml } from './default-yaml.js';
import { ConfigError } from './errors.js';
import { loadConfig } from './load.js';
import { configFileSchema } from './schema.js';

let home: string;

beforeEach(() => {
  home = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-config-')));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function writeConfig(text: string): void {
  writeFileSync(path.join(home, 'config.yaml'), text);
}

function loadError(env: Record<string, string> = {}): ConfigError {
  try {
    loadConfig({ home, env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('with no config file starts in demo mode with defaults and derived paths', () => {
    const config = loadConfig({ home, env: {} });
    expect(config.demo).toBe(true);
    expect(config.llm).toBeUndefined();
    expect(config.workspace).toBe(path.join(home, 'workspace'));
    expect(config.shield).toEqual({
      policy: { kind: 'builtin', name: 'default' },
      minTier: 0,
      rateLimitPerMinute: 600,
      approvals: { enabled: true, timeoutMs: 300_000, hourlyCap: 30 },
    });
    expect(config.agent).toEqual({ maxRounds: 25, maxToolCallsPerReply: 16, sandbox: 'strict', networkNamespace: true, maxRestartDelayMs: 10_000 });
    expect(config.limits).toEqual({
      maxMessageBytes: 256 * 1024,
      maxStoredMessageBytes: 1024 * 1024,
      maxEchoBytes: 200,
      subscriberQueueBytes: 8 * 1024 * 1024,
      stalledClientMs: 30_000,
    });
    expect(config.log).toEqual({ level: 'info', dir: path.join(home, 'logs'), maxFileKb: 10_240, keepFiles: 5 });
    expect(config.paths).toEqual({
      configPath: path.join(home, 'config.yaml'),
      dbPath: path.join(home, 'parapet.db'),
      runtimeDir: path.join(home, 'run'),
      clientTokenPath: path.join(home, 'run', 'client.token'),
      engineSocket: path.join(home, 'run', 'engine.sock'),
      agentSocket: path.join(home, 'run', 'agent.sock'),
    });
  });

  it('takes PARAPET_HOME from the environment when no home is given', () => {
    const config = loadConfig({ env: { PARAPET_HOME: home } });
    expect(config.home).toBe(home);
  });

  it('reads the llm section and the API key from the variable it names', () => {
    writeConfig('llm:\n  base_url: http://127.0.0.1:11434/v1\n  model: llama3\n  api_key_env: MY_KEY\n  timeout_ms: 5000\n');
    const config = loadConfig({ home, env: { MY_KEY: 'sk-secret' } });
    expect(config.demo).toBe(false);
    expect(config.llm).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3',
      timeoutMs: 5000,
      apiKeyEnv: 'MY_KEY',
      apiKey: 'sk-secret',
      fallbacks: [],
      maxRetries: 3,
    });
  });

  it('reads fallback models, each with its own endpoint and key, and the retry count', () => {
    writeConfig(
      'llm:\n  base_url: http://a.example/v1\n  model: one\n  max_retries: 2\n  fallbacks:\n    - base_url: http://b.example/v1\n      model: two\n      api_key_env: B_KEY\n      timeout_ms: 9000\n',
    );
    const config = loadConfig({ home, env: { B_KEY: 'sk-bbbbbbbb' } });
    expect(config.llm).toEqual({
      baseUrl: 'http://a.example/v1',
      model: 'one',
      timeoutMs: 60_000,
      maxRetries: 2,
      fallbacks: [{ baseUrl: 'http://b.example/v1', model: 'two', timeoutMs: 9000, apiKeyEnv: 'B_KEY', apiKey: 'sk-bbbbbbbb' }],
    });
  });

  it('names the fallback whose key variable is unset', () => {
    writeConfig('llm:\n  base_url: http://a.example/v1\n  model: one\n  fallbacks:\n    - base_url: http://b.example/v1\n      model: two\n      api_key_env: B_KEY\n');
    expect(() => loadConfig({ home, env: {} })).toThrow('config.yaml: llm.fallbacks.0.api_key_env: environment variable B_KEY is not set');
  });

  it('lets PARAPET_LLM_BASE_URL and PARAPET_LLM_MODEL override the file', () => {
    writeConfig('llm:\n  base_url: http://a.example/v1\n  model: one\n');
    const config = loadConfig({ home, env: { PARAPET_LLM_BASE_URL: 'http://b.example/v1', PARAPET_LLM_MODEL: 'two' } });
    expect(config.llm?.baseUrl).toBe('http://b.example/v1');
    expect(config.llm?.model).toBe('two');
  });

  it('configures the model from the environment alone', () => {
    const config = loadConfig({ home, env: { PARAPET_LLM_BASE_URL: 'http://b.example/v1', PARAPET_LLM_MODEL: 'two' } });
    expect(config.demo).toBe(false);
    expect(config.llm?.timeoutMs).toBe(60_000);
  });

  it('--demo ignores a configured model', () => {
    writeConfig('llm:\n  base_url: http://a.example/v1\n  model: one\n');
    const config = loadConfig({ home, env: {}, overrides: { demo: true } });
    expect(config.demo).toBe(true);
    expect(config.llm).toBeUndefined();
  });

  it('resolves a relative workspace against home and a --workspace override against the cwd', () => {
    writeConfig('workspace: notes\n');
    expect(loadConfig({ home, env: {} }).workspace).toBe(path.join(home, 'notes'));
    const other = path.join(home, 'elsewhere');
    expect(loadConfig({ home, env: {}, overrides: { workspace: other } }).workspace).toBe(other);
  });

  it('follows symlinks to make the workspace canonical', () => {
    mkdirSync(path.join(home, 'real'));
    symlinkSync(path.join(home, 'real'), path.join(home, 'link'));
    writeConfig('workspace: link/sub\n');
    expect(loadConfig({ home, env: {} }).workspace).toBe(path.join(home, 'real', 'sub'));
  });

  it('accepts a policy file path and the other builtin names', () => {
    writeFileSync(path.join(home, 'mine.yaml'), 'version: 1\n');
    writeConfig('shield:\n  policy: mine.yaml\n  min_tier: 1\n  rate_limit_per_minute: 6000\n');
    expect(loadConfig({ home, env: {} }).shield).toEqual({
      policy: { kind: 'file', path: path.join(home, 'mine.yaml') },
      minTier: 1,
      rateLimitPerMinute: 6000,
      approvals: { enabled: true, timeoutMs: 300_000, hourlyCap: 30 },
    });
    writeConfig('shield:\n  policy: strict\n');
    expect(loadConfig({ home, env: {} }).shield.policy).toEqual({ kind: 'builtin', name: 'strict' });
  });

  it('reads the approvals and the evaluator sections, and names the key of a bad value', () => {
    writeConfig(
      'shield:\n  approvals:\n    timeout_ms: 60000\n    hourly_cap: 5\n  evaluator:\n    base_url: http://127.0.0.1:9/v1\n    model: judge\n    daily_budget: 7\n    fallback: BLOCK\n',
    );
    const config = loadConfig({ home, env: {} });
    expect(config.shield.approvals).toEqual({ enabled: true, timeoutMs: 60_000, hourlyCap: 5 });
    expect(config.shield.evaluator).toEqual({
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'judge',
      timeoutMs: 20_000,
      dailyBudget: 7,
      ratePerMinute: 20,
      fallback: 'BLOCK',
    });
    writeConfig('shield:\n  evaluator:\n    base_url: http://127.0.0.1:9/v1\n    model: judge\n    fallback: ALLOW\n');
    expect(loadError().message).toMatch(/shield\.evaluator\.fallback: expected ESCALATE or BLOCK/u);
    writeConfig('shield:\n  approvals:\n    timeout: 5\n');
    expect(loadError().message).toMatch(/shield\.approvals.*timeout/u);
  });

  it('reads the classifier pins, hex in any case', () => {
    const model = 'AB'.repeat(32);
    const tokenizer = 'cd'.repeat(32);
    writeConfig(`shield:\n  classifier:\n    model_sha256: ${model}\n    tokenizer_sha256: ${tokenizer}\n`);
    expect(loadConfig({ home, env: {} }).shield.classifierPins).toEqual({ 'model.onnx': 'ab'.repeat(32), 'tokenizer.json': tokenizer });
  });

  it('reads the per-reply tool-call cap', () => {
    writeConfig('agent:\n  max_tool_calls_per_reply: 4\n');
    expect(loadConfig({ home, env: {} }).agent.maxToolCallsPerReply).toBe(4);
  });
});

describe('loadConfig errors: one line naming the key and the problem', () => {
  const cases: Array<[string, string]> = [
    ['llm:\n  base_url: http://x/v1\n  model: m\n  timeout_ms: -5\n', 'config.yaml: llm.timeout_ms: expected a positive integer'],
    ['llm:\n  base_url: http://x/v1\n  model: m\n  timeout_ms: fast\n', 'config.yaml: llm.timeout_ms: expected a positive integer'],
    ['llm:\n  base_url: ftp://x\n  model: m\n', 'config.yaml: llm.base_url: expected an http(s) URL'],
    ['llm:\n  base_url: http://x/v1\n  model: m\n  api_key: sk-oops\n', 'config.yaml: llm.api_key: unknown key'],
    ['colour: blue\n', 'config.yaml: colour: unknown key'],
    ['llm:\n  base_url: http://x/v1\n  model: m\n  fallbacks:\n    - { base_url: http://y/v1, model: n, colour: blue }\n', 'config.yaml: llm.fallbacks.0.colour: unknown key'],
    ['shield:\n  min_tier: 7\n', 'config.yaml: shield.min_tier: expected 0, 1, 2 or 3'],
    ['shield:\n  rate_limit_per_minute: 0\n', 'config.yaml: shield.rate_limit_per_minute: expected a positive integer'],
    ['agent:\n  sandbox: none\n', 'config.yaml: agent.sandbox: expected "strict" or "weak"'],
    ['agent:\n  max_tool_calls_per_reply: 0\n', 'config.yaml: agent.max_tool_calls_per_reply: expected a positive integer'],
    ['agent:\n  max_tool_calls_per_reply: many\n', 'config.yaml: agent.max_tool_calls_per_reply: expected a positive integer'],
    ['agent:\n  max_tool_calls_per_reply: 5000\n', 'config.yaml: agent.max_tool_calls_per_reply: expected at most 1000'],
    ['agent: 3\n', 'config.yaml: agent: expected a mapping of keys to values'],
    ['limits:\n  max_stored_message_bytes: 20000000\n', 'config.yaml: limits.max_stored_message_bytes: expected an integer from 4096 to 1048576 (bytes)'],
    ['limits:\n  max_message_bytes: 0\n', 'config.yaml: limits.max_message_bytes: expected an integer from 1 to 1048576 (bytes)'],
    ['limits:\n  max_echo: 5\n', 'config.yaml: limits.max_echo: unknown key'],
    ['limits:\n  stalled_client_ms: 5\n', 'config.yaml: limits.stalled_client_ms: expected an integer from 100 to 3600000 (milliseconds)'],
    ['llm:\n  model: m\n', 'config.yaml: llm.base_url: expected an http(s) URL'],
    ['shield:\n  policy: missing.yaml\n', 'config.yaml: shield.policy: no such policy file'],
    [`shield:\n  classifier:\n    model_sha256: abc\n    tokenizer_sha256: ${'a'.repeat(64)}\n`, 'config.yaml: shield.classifier.model_sha256: expected a SHA-256 (64 hex digits)'],
    [`shield:\n  classifier:\n    model_sha256: ${'a'.repeat(64)}\n`, 'config.yaml: shield.classifier.tokenizer_sha256: expected a SHA-256 (64 hex digits)'],
    [`shield:\n  classifier:\n    model_sha256: ${'1'.repeat(64)}\n    tokenizer_sha256: ${'a'.repeat(64)}\n`, 'config.yaml: shield.classifier.model_sha256: expected a SHA-256 (64 hex digits): put it in quotes'],
    ['llm: [unclosed\n', 'config.yaml line'],
  ];
  it.each(cases)('%j', (yamlText, expected) => {
    writeConfig(yamlText);
    const error = loadError();
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.retryable).toBe(false);
    expect(error.message.startsWith(expected)).toBe(true);
    expect(error.message).not.toContain('\n');
  });

  it('names the API key variable when it is not set', () => {
    writeConfig('llm:\n  base_url: http://x/v1\n  model: m\n  api_key_env: MISSING_KEY\n');
    expect(loadError().message).toBe('config.yaml: llm.api_key_env: environment variable MISSING_KEY is not set');
  });

  it('rejects half an environment model configuration', () => {
    expect(loadError({ PARAPET_LLM_MODEL: 'm' }).message).toContain('llm.base_url: required');
    expect(loadError({ PARAPET_LLM_BASE_URL: 'not a url', PARAPET_LLM_MODEL: 'm' }).message).toBe(
      'PARAPET_LLM_BASE_URL: expected an http(s) URL',
    );
  });
});

describe('defaultConfigYaml', () => {
  it('is valid config that loads to the defaults', () => {
    const parsed = configFileSchema.parse(parse(defaultConfigYaml()));
    expect(parsed.shield).toEqual({
      policy: 'default',
      min_tier: 0,
      rate_limit_per_minute: 600,
      approvals: { enabled: true, timeout_ms: 300_000, hourly_cap: 30 },
    });
    writeConfig(defaultConfigYaml());
    const loaded = loadConfig({ home, env: {} });
    expect(loaded.agent).toEqual({ maxRounds: 25, maxToolCallsPerReply: 16, sandbox: 'strict', networkNamespace: true, maxRestartDelayMs: 10_000 });
    expect(loaded.log).toMatchObject({ level: 'info', maxFileKb: 10_240, keepFiles: 5 });
    rmSync(path.join(home, 'config.yaml'));
    const bare = loadConfig({ home, env: {} }).limits;
    writeConfig(defaultConfigYaml());
    expect(loadConfig({ home, env: {} }).limits).toEqual(bare);
  });

  it('takes the log level and the restart cap from options over the file, and rejects a bad level', () => {
    writeConfig('log:\n  level: warn\n');
    expect(loadConfig({ home, env: {} }).log.level).toBe('warn');
    const overridden = loadConfig({ home, env: {}, overrides: { logLevel: 'debug', maxRestartDelayMs: 300 } });
    expect(overridden.log.level).toBe('debug');
    expect(overridden.agent.maxRestartDelayMs).toBe(300);
    writeConfig('log:\n  level: loud\n');
    expect(() => loadConfig({ home, env: {} })).toThrow(/log\.level: expected fatal, error, warn, info, debug, trace or silent/);
  });

  it('reads the telegram section: token from its variable, strict keys, defaults', () => {
    expect(loadConfig({ home, env: {} }).telegram).toBeUndefined();
    writeConfig('telegram:\n  token_env: BOT_TOKEN\n  allowed_user_ids: [42, 42, 7]\n');
    expect(loadConfig({ home, env: { BOT_TOKEN: '1:abc' } }).telegram).toEqual({
      tokenEnv: 'BOT_TOKEN',
      token: '1:abc',
      allowedUserIds: [42, 7],
      allowGroups: false,
      apiRoot: 'https://api.telegram.org',
    });
    // No token is no error: the engine runs and `status` says why the bot does not.
    expect(loadConfig({ home, env: {} }).telegram?.token).toBeUndefined();
    writeConfig('telegram:\n  token_env: BOT_TOKEN\n  api_root: http://127.0.0.1:8081/\n  allow_groups: true\n');
    expect(loadConfig({ home, env: {} }).telegram).toMatchObject({ apiRoot: 'http://127.0.0.1:8081', allowGroups: true, allowedUserIds: [] });
    writeConfig('telegram:\n  token_env: BOT_TOKEN\n  token: 1:abc\n');
    expect(() => loadConfig({ home, env: {} })).toThrow(/telegram/);
    writeConfig('telegram:\n  token_env: BOT_TOKEN\n  allowed_user_ids: [-5]\n');
    expect(() => loadConfig({ home, env: {} })).toThrow(/telegram\.allowed_user_ids/);
    writeConfig('telegram:\n  token_env: "1:abc"\n');
    expect(() => loadConfig({ home, env: {} })).toThrow(/telegram\.token_env: expected the NAME of an environment variable/);
  });

  it('gives commands no network unless commands.network is proxy, and rejects anything else', () => {
    writeConfig('workspace: ws\n');
    expect(loadConfig({ home, env: {} }).commands).toEqual({ network: 'off' });
    writeConfig('commands:\n  network: proxy\n');
    expect(loadConfig({ home, env: {} }).commands).toEqual({ network: 'proxy' });
    writeConfig('commands:\n  network: on\n');
    expect(loadError().message).toMatch(/commands\.network: expected off or proxy/u);
  });
});
