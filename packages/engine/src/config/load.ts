import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { BuiltinPolicyName } from '@parapet/shield';
import { formatIssues, issueMessages } from '@parapet/shield/schema-issues';
import { parseDocument } from 'yaml';
import { ConfigError } from './errors.js';
import { canonicalPath, expandTilde } from './paths.js';
import { configFileSchema, type ConfigFile } from './schema.js';
import type { EngineConfig, LlmConfig, LlmEndpoint, PolicyChoice, TelegramConfig, WebConfig } from './types.js';

export interface LoadConfigOptions {
  /** `$PARAPET_HOME`; default: the env's PARAPET_HOME, else `~/.parapet`. */
  readonly home?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly overrides?: {
    /** `--workspace DIR` (relative to the current directory). */
    readonly workspace?: string;
    /** `--demo`: ignore any configured model and use the built-in scripted one. */
    readonly demo?: boolean;
    /** `--log-level LEVEL`. */
    readonly logLevel?: EngineConfig['log']['level'];
    /** `--max-restart-delay MS`: cap of the agent's restart backoff. */
    readonly maxRestartDelayMs?: number;
  };
}

const DEFAULT_MAX_RESTART_DELAY_MS = 10_000;
// The Shield defines the names; its root is too heavy to load for reading config.yaml, so this
// mirror is keyed by its type: a name added to or dropped from the Shield fails to compile here.
const BUILTIN_POLICIES: Readonly<Record<BuiltinPolicyName, true>> = { default: true, permissive: true, strict: true };

function isBuiltinPolicy(name: string): name is BuiltinPolicyName {
  return Object.hasOwn(BUILTIN_POLICIES, name);
}

/** `$PARAPET_HOME`, canonical: from PARAPET_HOME or `~/.parapet`. */
export function resolveHome(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const fromEnv = env['PARAPET_HOME']?.trim();
  return canonicalPath(expandTilde(fromEnv ? fromEnv : path.join(homedir(), '.parapet')));
}

/** Reads and validates `$PARAPET_HOME/config.yaml` (absent file = all defaults, demo mode). */
export function loadConfig(options: LoadConfigOptions = {}): EngineConfig {
  const env = options.env ?? process.env;
  const home = options.home ? canonicalPath(expandTilde(options.home)) : resolveHome(env);
  const configPath = path.join(home, 'config.yaml');
  const file = parseConfigFile(configPath);

  const workspaceInput = options.overrides?.workspace
    ? path.resolve(expandTilde(options.overrides.workspace))
    : path.resolve(home, expandTilde(file.workspace ?? 'workspace'));
  const runtimeDir = path.join(home, 'run');
  const demo = options.overrides?.demo === true;
  const llm = demo ? undefined : resolveLlm(file, env);
  const telegram = resolveTelegram(file, env);

  return {
    home,
    workspace: canonicalPath(workspaceInput),
    demo: demo || llm === undefined,
    ...(llm ? { llm } : {}),
    shield: {
      policy: resolvePolicy(file.shield.policy, home),
      minTier: file.shield.min_tier as 0 | 1 | 2 | 3,
      rateLimitPerMinute: file.shield.rate_limit_per_minute,
      approvals: {
        enabled: file.shield.approvals.enabled,
        timeoutMs: file.shield.approvals.timeout_ms,
        hourlyCap: file.shield.approvals.hourly_cap,
      },
      ...(file.shield.evaluator
        ? {
            evaluator: {
              baseUrl: file.shield.evaluator.base_url,
              model: file.shield.evaluator.model,
              ...(file.shield.evaluator.api_key_env ? { apiKeyEnv: file.shield.evaluator.api_key_env } : {}),
              timeoutMs: file.shield.evaluator.timeout_ms,
              dailyBudget: file.shield.evaluator.daily_budget,
              ratePerMinute: file.shield.evaluator.requests_per_minute,
              fallback: file.shield.evaluator.fallback,
            },
          }
        : {}),
      ...(file.shield.classifier
        ? { classifierPins: { 'model.onnx': file.shield.classifier.model_sha256, 'tokenizer.json': file.shield.classifier.tokenizer_sha256 } }
        : {}),
    },
    agent: {
      maxRounds: file.agent.max_rounds,
      maxToolCallsPerReply: file.agent.max_tool_calls_per_reply,
      sandbox: file.agent.sandbox,
      networkNamespace: file.agent.network_namespace,
      maxRestartDelayMs: options.overrides?.maxRestartDelayMs ?? DEFAULT_MAX_RESTART_DELAY_MS,
    },
    concurrency: { maxTurns: file.concurrency.max_turns, maxChildren: file.concurrency.max_children },
    limits: {
      maxMessageBytes: file.limits.max_message_bytes,
      maxStoredMessageBytes: file.limits.max_stored_message_bytes,
      maxEchoBytes: file.limits.max_echo_bytes,
      subscriberQueueBytes: file.limits.subscriber_queue_bytes,
      stalledClientMs: file.limits.stalled_client_ms,
    },
    guardrails: {
      ...(file.guardrails.max_input_chars !== undefined ? { maxInputChars: file.guardrails.max_input_chars } : {}),
      pii: { mode: file.guardrails.pii.mode, kinds: file.guardrails.pii.kinds },
      ...(file.guardrails.max_turn_tokens !== undefined ? { maxTurnTokens: file.guardrails.max_turn_tokens } : {}),
      forbiddenTerms: file.guardrails.forbidden_terms,
    },
    chronicle: {
      dir: path.join(home, 'chronicle'),
      maxBytes: file.chronicle.max_bytes,
      maxAgeDays: file.chronicle.max_age_days,
    },
    http: {
      allowPrivateHosts: file.http.allow_private_hosts,
      hosts: file.http.hosts,
      timeoutMs: file.http.timeout_ms,
      maxResponseBytes: file.http.max_response_bytes,
      maxRedirects: file.http.max_redirects,
    },
    commands: { network: file.commands.network },
    log: {
      level: options.overrides?.logLevel ?? file.log.level,
      dir: path.join(home, 'logs'),
      maxFileKb: file.log.max_file_kb,
      keepFiles: file.log.keep_files,
    },
    web: resolveWeb(file, home),
    history: {
      contextWindow: file.history.context_window,
      replyReserve: file.history.reply_reserve,
      compactAt: file.history.compact_at,
      freshToolTurns: file.history.fresh_tool_turns,
      tokenizer: file.history.tokenizer,
      models: Object.fromEntries(
        Object.entries(file.history.models).map(([name, model]) => [
          name,
          { contextWindow: model.context_window, ...(model.tokenizer ? { tokenizer: model.tokenizer } : {}) },
        ]),
      ),
    },
    paths: {
      configPath,
      dbPath: path.join(home, 'parapet.db'),
      runtimeDir,
      clientTokenPath: path.join(runtimeDir, 'client.token'),
      engineSocket: path.join(runtimeDir, 'engine.sock'),
      agentSocket: path.join(runtimeDir, 'agent.sock'),
    },
    ...(telegram ? { telegram } : {}),
  };
}

/** A missing token is not a config error: the engine runs without the bot and `status` says why. */
function resolveTelegram(file: ConfigFile, env: Readonly<Record<string, string | undefined>>): TelegramConfig | undefined {
  const section = file.telegram;
  if (!section) return undefined;
  const token = env[section.token_env]?.trim();
  return {
    tokenEnv: section.token_env,
    ...(token ? { token } : {}),
    allowedUserIds: [...new Set(section.allowed_user_ids)],
    allowGroups: section.allow_groups,
    apiRoot: section.api_root.replace(/\/+$/, ''),
  };
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function resolveWeb(file: ConfigFile, home: string): WebConfig {
  const { web } = file;
  if (!isLoopbackHost(web.bind) && !web.tls && !web.allow_insecure_remote) {
    throw new ConfigError(
      `config.yaml: web.bind: ${web.bind} is reachable from other machines: set web.tls (cert_file, key_file) or web.allow_insecure_remote: true`,
    );
  }
  return {
    enabled: web.enabled,
    bind: web.bind,
    ...(web.port !== undefined ? { port: web.port } : {}),
    ...(web.tls ? { tls: { certFile: path.resolve(home, expandTilde(web.tls.cert_file)), keyFile: path.resolve(home, expandTilde(web.tls.key_file)) } } : {}),
    insecureRemote: !isLoopbackHost(web.bind) && !web.tls,
  };
}

function parseConfigFile(configPath: string): ConfigFile {
  let text = '';
  if (existsSync(configPath)) {
    try {
      text = readFileSync(configPath, 'utf8');
    } catch (error) {
      throw new ConfigError(`config.yaml: cannot read ${configPath}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
    }
  }
  const document = parseDocument(text, { uniqueKeys: true });
  const yamlError = document.errors[0];
  if (yamlError) {
    const line = yamlError.linePos?.[0].line;
    const firstLine = (yamlError.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    throw new ConfigError(`config.yaml${line ? ` line ${line}` : ''}: invalid YAML: ${firstLine}`);
  }
  const raw: unknown = document.toJS() ?? {};
  const parsed = configFileSchema.safeParse(raw, { error: issueMessages });
  if (!parsed.success) throw new ConfigError(`config.yaml: ${formatIssues(parsed.error.issues)[0] ?? 'invalid'}`);
  return parsed.data;
}

function resolveLlm(file: ConfigFile, env: Readonly<Record<string, string | undefined>>): LlmConfig | undefined {
  const baseUrlOverride = env['PARAPET_LLM_BASE_URL']?.trim() || undefined;
  const modelOverride = env['PARAPET_LLM_MODEL']?.trim() || undefined;
  const baseUrl = baseUrlOverride ?? file.llm?.base_url;
  const model = modelOverride ?? file.llm?.model;
  if (baseUrl === undefined && model === undefined) return undefined;
  if (baseUrl === undefined) throw new ConfigError('config.yaml: llm.base_url: required when a model is set (or set PARAPET_LLM_BASE_URL)');
  if (model === undefined) throw new ConfigError('config.yaml: llm.model: required when a base URL is set (or set PARAPET_LLM_MODEL)');
  if (baseUrlOverride !== undefined && !isHttpUrl(baseUrlOverride)) {
    throw new ConfigError('PARAPET_LLM_BASE_URL: expected an http(s) URL');
  }
  const primary = endpoint({ baseUrl, model, timeoutMs: file.llm?.timeout_ms ?? 60_000, apiKeyEnv: file.llm?.api_key_env }, 'llm', env);
  const fallbacks = (file.llm?.fallbacks ?? []).map((fallback, i) =>
    endpoint({ baseUrl: fallback.base_url, model: fallback.model, timeoutMs: fallback.timeout_ms, apiKeyEnv: fallback.api_key_env }, `llm.fallbacks.${i}`, env),
  );
  return { ...primary, fallbacks, maxRetries: file.llm?.max_retries ?? 3 };
}

/** One model with its key read from the variable it names (a named variable that is unset is an error). */
function endpoint(
  fields: { baseUrl: string; model: string; timeoutMs: number; apiKeyEnv: string | undefined },
  where: string,
  env: Readonly<Record<string, string | undefined>>,
): LlmEndpoint {
  const { apiKeyEnv } = fields;
  let apiKey: string | undefined;
  if (apiKeyEnv !== undefined) {
    apiKey = env[apiKeyEnv];
    if (apiKey === undefined || apiKey.trim() === '') {
      throw new ConfigError(`config.yaml: ${where}.api_key_env: environment variable ${apiKeyEnv} is not set`);
    }
  }
  return {
    baseUrl: fields.baseUrl,
    model: fields.model,
    timeoutMs: fields.timeoutMs,
    ...(apiKeyEnv !== undefined ? { apiKeyEnv } : {}),
    ...(apiKey !== undefined ? { apiKey } : {}),
  };
}

function resolvePolicy(policy: string, home: string): PolicyChoice {
  if (isBuiltinPolicy(policy)) return { kind: 'builtin', name: policy };
  const file = canonicalPath(path.resolve(home, expandTilde(policy)));
  if (!existsSync(file)) throw new ConfigError(`config.yaml: shield.policy: no such policy file ${file} (or use default, permissive, strict)`);
  return { kind: 'file', path: file };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
