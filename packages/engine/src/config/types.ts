import type { BuiltinPolicyName, Tier } from '@parapet/shield';
import type { SandboxMode } from '@parapet/wire/client';
import type { ModelPins } from '@parapet/shield/classifier';
import type { HttpSettings } from '../http/types.js';

/** One model: where it is, its name, its key. */
export interface LlmEndpoint {
  readonly baseUrl: string;
  readonly model: string;
  readonly timeoutMs: number;
  /** The environment variable the key was read from (for messages; never the key). */
  readonly apiKeyEnv?: string;
  /** Read from the environment at load; a secret: redact it everywhere. */
  readonly apiKey?: string;
}

/** The primary model, and the ones a failing call moves to. */
export interface LlmConfig extends LlmEndpoint {
  /** In order; absent or empty: the primary alone. */
  readonly fallbacks?: readonly LlmEndpoint[];
  /** Retries of one call after transient failures; absent: 3. */
  readonly maxRetries?: number;
}

export type PolicyChoice =
  | { readonly kind: 'builtin'; readonly name: BuiltinPolicyName }
  | { readonly kind: 'file'; readonly path: string };

export interface EnginePaths {
  readonly configPath: string;
  readonly dbPath: string;
  /** 0700: sockets and tokens; outside the workspace. */
  readonly runtimeDir: string;
  readonly clientTokenPath: string;
  readonly engineSocket: string;
  readonly agentSocket: string;
}

/** Sizes in bytes (and one time); see `limits` in config.yaml. */
export interface Limits {
  readonly maxMessageBytes: number;
  readonly maxStoredMessageBytes: number;
  readonly maxEchoBytes: number;
  readonly subscriberQueueBytes: number;
  readonly stalledClientMs: number;
}

/** The web UI's server (`web:` in config.yaml). */
export interface WebConfig {
  readonly enabled: boolean;
  readonly bind: string;
  /** Absent: the default port, or a free one when it is taken. */
  readonly port?: number;
  readonly tls?: { readonly certFile: string; readonly keyFile: string };
  /** A non-loopback bind without TLS, accepted with a warning. */
  readonly insecureRemote: boolean;
}

export interface TelegramConfig {
  readonly tokenEnv: string;
  /** Read from the environment at load; absent when the variable is unset (the bot then does not start). A secret. */
  readonly token?: string;
  readonly allowedUserIds: readonly number[];
  readonly allowGroups: boolean;
  readonly apiRoot: string;
}

/** `guardrails:` in config.yaml. */
export interface GuardrailsConfig {
  readonly maxInputChars?: number;
  readonly pii: { readonly mode: 'off' | 'redact' | 'block'; readonly kinds: readonly ('email' | 'phone' | 'card' | 'iban')[] };
  readonly maxTurnTokens?: number;
  readonly forbiddenTerms: readonly string[];
}

/** The validated, typed configuration; nothing reads raw YAML after this. */
export interface EngineConfig {
  /** Canonical absolute `$PARAPET_HOME`. */
  readonly home: string;
  /** Canonical absolute workspace root. */
  readonly workspace: string;
  /** True when no model is configured or `--demo` was given: the scripted demo model answers. */
  readonly demo: boolean;
  /** Absent in demo mode. */
  readonly llm?: LlmConfig;
  readonly shield: {
    readonly policy: PolicyChoice;
    readonly minTier: Tier;
    readonly rateLimitPerMinute: number;
    readonly approvals: ApprovalsConfig;
    readonly evaluator?: EvaluatorConfig;
    /** SHA-256 the installed prompt-injection model must have (`shield.classifier`); absent: none trusted. */
    readonly classifierPins?: ModelPins;
  };
  readonly agent: {
    readonly maxRounds: number;
    readonly maxToolCallsPerReply: number;
    readonly sandbox: SandboxMode;
    /** False only when the user turned the agent's network namespace off. */
    readonly networkNamespace: boolean;
    /** Longest wait between two restarts of a dead agent. */
    readonly maxRestartDelayMs: number;
  };
  readonly concurrency: {
    /** Turns of users' sessions running at once; the rest wait. */
    readonly maxTurns: number;
    /** Sub-agents one turn may run at once. */
    readonly maxChildren: number;
  };
  readonly limits: Limits;
  /** Retention of the undo history in `$PARAPET_HOME/chronicle`. */
  readonly chronicle: { readonly dir: string; readonly maxBytes: number; readonly maxAgeDays: number };
  readonly http: HttpSettings;
  /** `proxy`: commands reach the network only through the engine's egress proxy; `off`: not at all. */
  readonly commands: { readonly network: 'off' | 'proxy' };
  readonly log: {
    readonly level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
    /** `$PARAPET_HOME/logs`. */
    readonly dir: string;
    readonly maxFileKb: number;
    readonly keepFiles: number;
  };
  readonly web: WebConfig;
  readonly history: HistoryConfig;
  readonly paths: EnginePaths;
  /** Absent: no `telegram:` section, no bot. */
  readonly telegram?: TelegramConfig;
  readonly guardrails: GuardrailsConfig;
}

export type TokenizerChoice = 'auto' | 'o200k' | 'cl100k' | 'estimate';

/** How much history a turn sends (`history:` in config.yaml). */
export interface HistoryConfig {
  readonly contextWindow: number;
  readonly replyReserve: number;
  readonly compactAt: number;
  readonly freshToolTurns: number;
  readonly tokenizer: TokenizerChoice;
  readonly models: Readonly<Record<string, { readonly contextWindow: number; readonly tokenizer?: TokenizerChoice }>>;
}

/** Shield tier 3. */
export interface ApprovalsConfig {
  readonly enabled: boolean;
  readonly timeoutMs: number;
  readonly hourlyCap: number;
}

/** Shield tier 2: the engine calls this model itself. It is the Shield's `tier2` options as they are. */
export interface EvaluatorConfig {
  readonly baseUrl: string;
  readonly model: string;
  readonly apiKeyEnv?: string;
  readonly timeoutMs: number;
  readonly dailyBudget: number;
  readonly ratePerMinute: number;
  readonly fallback: 'ESCALATE' | 'BLOCK';
}
