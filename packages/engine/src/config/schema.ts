import { DEFAULT_MAX_ROUNDS } from '@parapet/wire';
import { z } from 'zod';

const positiveInt = z.int({ error: 'expected a positive integer' }).positive({ error: 'expected a positive integer' });
const nonEmpty = z.string({ error: 'expected a non-empty string' }).trim().min(1, { error: 'expected a non-empty string' });
/** The NAME of an environment variable holding a secret: the secret itself never sits in config. */
const envName = z
  .string({ error: 'expected the NAME of an environment variable' })
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'expected the NAME of an environment variable (letters, digits, _)' });

const modelEndpointFields = {
  base_url: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }),
  model: nonEmpty,
  /** Name of the environment variable holding the API key; the key itself never sits in config. */
  api_key_env: envName.optional(),
  timeout_ms: positiveInt.default(60_000),
};

/** The primary model's fields at the top (the single-model form stays valid), fallbacks in order. */
const llmSchema = z.strictObject({
  ...modelEndpointFields,
  /** Tried in order when the primary fails with a transient error or its circuit is open. */
  fallbacks: z.array(z.strictObject(modelEndpointFields), { error: 'expected a list of models (base_url, model, …)' }).max(8, { error: 'expected at most 8 fallbacks' }).default([]),
  /** Retries of one model call after transient failures (timeouts, 429, 5xx); never more than 2n + 1 for n models. */
  max_retries: z.int({ error: 'expected an integer from 0 to 10' }).min(0, { error: 'expected an integer from 0 to 10' }).max(10, { error: 'expected an integer from 0 to 10' }).default(3),
});

const sha256Hex = z
  .string({
    // A digest made of digits (and an e) is a number to YAML: the fix is quotes.
    error: (issue) => (typeof issue.input === 'number' ? 'expected a SHA-256 (64 hex digits): put it in quotes' : 'expected a SHA-256 (64 hex digits)'),
  })
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, { error: 'expected a SHA-256 (64 hex digits)' });

/** The prompt-injection model's expected hashes: the model folder alone never vouches for itself. */
const classifierSchema = z.strictObject({
  model_sha256: sha256Hex,
  tokenizer_sha256: sha256Hex,
});

const shieldSchema = z.strictObject({
  /** `default`, `permissive`, `strict`, or a path to a policy YAML file. */
  policy: nonEmpty.default('default'),
  min_tier: z
    .int({ error: 'expected 0, 1, 2 or 3' })
    .min(0, { error: 'expected 0, 1, 2 or 3' })
    .max(3, { error: 'expected 0, 1, 2 or 3' })
    .default(0),
  /** Actions a minute the Shield lets through before it blocks (a runaway or hijacked loop stops here). */
  rate_limit_per_minute: positiveInt.default(600),
  /** Tier 3: a human answers what the lower tiers escalate, from any connected client. */
  approvals: z
    .strictObject({
      enabled: z.boolean({ error: 'expected true or false' }).default(true),
      /** No answer within this many milliseconds denies. */
      timeout_ms: positiveInt.max(86_400_000, { error: 'expected at most 86400000 (a day)' }).default(300_000),
      /** Questions one session may ask per hour; past it, what would be asked is denied. */
      hourly_cap: positiveInt.default(30),
    })
    .prefault({}),
  /** Tier 2: an LLM judges what tiers 0–1 escalate, called by the engine itself (never through the agent). */
  evaluator: z
    .strictObject({
      base_url: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }),
      model: nonEmpty,
      api_key_env: envName.optional(),
      timeout_ms: positiveInt.default(20_000),
      /** Evaluator calls per UTC day; once spent, `fallback` applies. */
      daily_budget: positiveInt.default(500),
      requests_per_minute: positiveInt.default(20),
      /** What applies when the budget or the rate is spent: ask a human (ESCALATE) or refuse (BLOCK). */
      fallback: z.enum(['ESCALATE', 'BLOCK'], { error: 'expected ESCALATE or BLOCK' }).default('ESCALATE'),
    })
    .optional(),
  classifier: classifierSchema.optional(),
});

const agentSchema = z.strictObject({
  max_rounds: positiveInt.max(1000, { error: 'expected at most 1000' }).default(DEFAULT_MAX_ROUNDS),
  /** Tool calls of one model reply the engine runs; the rest are refused (a runaway reply stops here). */
  max_tool_calls_per_reply: positiveInt.max(1000, { error: 'expected at most 1000' }).default(16),
  sandbox: z.enum(['strict', 'weak'], { error: 'expected "strict" or "weak"' }).default('strict'),
  /** false: no network namespace for the agent (strict mode then refuses to run it; for diagnosis). */
  network_namespace: z.boolean({ error: 'expected true or false' }).default(true),
});

/** How much runs at once: turns of different sessions overlap up to `max_turns`; one session's stay in order. */
const concurrencySchema = z.strictObject({
  /** Turns of users' sessions running at once; more wait their turn (clients see `turn_queued`). */
  max_turns: positiveInt.max(1000, { error: 'expected at most 1000' }).default(64),
  /** Sub-agents (spawn_agent) one turn may run at once; a spawn past it is refused. */
  max_children: positiveInt.max(16, { error: 'expected at most 16' }).default(4),
});

const logSchema = z.strictObject({
  level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'expected fatal, error, warn, info, debug, trace or silent' }).default('info'),
  /** `$PARAPET_HOME/logs/engine.N.log` rotates at this size. */
  max_file_kb: positiveInt.default(10_240),
  /** Rotated files kept besides the current one. */
  keep_files: positiveInt.max(1000, { error: 'expected at most 1000' }).default(5),
});

const KIB = 1024;
const MIB = 1024 * KIB;

function byteLimit(min: number, max: number, fallback: number) {
  const error = `expected an integer from ${min} to ${max} (bytes)`;
  return z.int({ error }).min(min, { error }).max(max, { error }).default(fallback);
}

/**
 * Sizes no client or model can push past, and how long a stream may wait for a client. The upper bounds keep every stored message, history
 * page and event under gRPC's 4 MiB default message size, so no session can become unreadable.
 */
const limitsSchema = z.strictObject({
  /** Largest message text a client may send, in UTF-8 bytes. */
  max_message_bytes: byteLimit(1, 1 * MIB, 256 * KIB),
  /** Longest text (a reply, its thoughts) kept for one message; the rest is cut with a visible marker. */
  max_stored_message_bytes: byteLimit(4 * KIB, 1 * MIB, 1 * MIB),
  /** How much of a bad input value an error message quotes back. */
  max_echo_bytes: byteLimit(16, 4 * KIB, 200),
  /** Events waiting for one stream reader before it counts as gone and is dropped. */
  subscriber_queue_bytes: byteLimit(64 * KIB, 256 * MIB, 8 * MIB),
  /** How long a client may take nothing off its stream, while events wait for it, before it is dropped. */
  stalled_client_ms: z
    .int({ error: 'expected an integer from 100 to 3600000 (milliseconds)' })
    .min(100, { error: 'expected an integer from 100 to 3600000 (milliseconds)' })
    .max(3_600_000, { error: 'expected an integer from 100 to 3600000 (milliseconds)' })
    .default(30_000),
});

/** How much of the undo history (`$PARAPET_HOME/chronicle`) is kept; the oldest snapshots go first. */
const chronicleSchema = z.strictObject({
  /** Total bytes the snapshots may add up to (from 1 MiB to 1 TiB). */
  max_bytes: z
    .int({ error: 'expected an integer from 1048576 to 1099511627776 (bytes)' })
    .min(MIB, { error: 'expected an integer from 1048576 to 1099511627776 (bytes)' })
    .max(1024 * 1024 * MIB, { error: 'expected an integer from 1048576 to 1099511627776 (bytes)' })
    .default(1024 * MIB),
  /** Snapshots older than this many days are removed. */
  max_age_days: positiveInt.max(3650, { error: 'expected at most 3650' }).default(30),
});

const hostEntry = z
  .string({ error: 'expected a host name, an IP address, or either with :port' })
  .trim()
  .toLowerCase()
  .regex(/^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/u, { error: 'expected a host name, an IP address, or either with :port (IPv6 in brackets)' });

/** How the engine makes http_request calls. */
const httpSchema = z.strictObject({
  /** Hosts the user names that may be reached at loopback, private or link-local addresses (never metadata ones). */
  allow_private_hosts: z.array(hostEntry).default([]),
  /** Names answered from here instead of DNS, like /etc/hosts. */
  hosts: z.record(z.string().trim().toLowerCase().min(1), z.union([z.ipv4(), z.ipv6()], { error: 'expected an IP address' })).default({}),
  timeout_ms: positiveInt.max(300_000, { error: 'expected at most 300000' }).default(15_000),
  max_response_bytes: byteLimit(1024, 64 * MIB, 1 * MIB),
  max_redirects: z.int({ error: 'expected an integer from 0 to 20' }).min(0, { error: 'expected an integer from 0 to 20' }).max(20, { error: 'expected an integer from 0 to 20' }).default(5),
});

/** What shell and git commands may reach: `off` nothing; `proxy` only the engine's egress proxy. */
const commandsSchema = z.strictObject({
  network: z.enum(['off', 'proxy'], { error: 'expected off or proxy' }).default('off'),
});

const webSchema = z.strictObject({
  enabled: z.boolean({ error: 'expected true or false' }).default(true),
  /** Loopback by default; any other address needs `tls` or `allow_insecure_remote: true`. */
  bind: nonEmpty.default('127.0.0.1'),
  /** Absent: 7150, or a free port when 7150 is taken (the printed link names it). */
  port: z.int({ error: 'expected a port number from 0 to 65535' }).min(0, { error: 'expected a port number from 0 to 65535' }).max(65_535, { error: 'expected a port number from 0 to 65535' }).optional(),
  tls: z.strictObject({ cert_file: nonEmpty, key_file: nonEmpty }).optional(),
  /** Serve a non-loopback address over plain HTTP: anyone on the path can read the session cookie. */
  allow_insecure_remote: z.boolean({ error: 'expected true or false' }).default(false),
});

/** The Telegram bot: who may talk to it, and where its Bot API lives. */
const telegramSchema = z.strictObject({
  /** Name of the environment variable holding the bot token; the token itself never sits in config. */
  token_env: envName,
  /** Telegram user ids allowed to talk to the bot; empty: the bot does not start. */
  allowed_user_ids: z.array(positiveInt, { error: 'expected a list of Telegram user ids' }).default([]),
  /** Group chats are refused unless this is true (every member of a group could otherwise read the answers). */
  allow_groups: z.boolean({ error: 'expected true or false' }).default(false),
  /** A self-hosted Bot API server (or a test double); default: Telegram's. */
  api_root: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).default('https://api.telegram.org'),
});

/** Checks on the conversation itself: what a user sends and what the model answers. */
const guardrailsSchema = z.strictObject({
  /** Longest message, in characters; a longer one is refused (INPUT_TOO_LONG) before it is stored. Absent: only limits.max_message_bytes. */
  max_input_chars: positiveInt.max(1_048_576, { error: 'expected at most 1048576' }).optional(),
  /** Personal data in a user's message, found before it is stored or sent to a model. */
  pii: z
    .strictObject({
      /** off | redact (replaced by [EMAIL], [PHONE], [CARD], [IBAN]) | block (the message is refused: PII_BLOCKED). */
      mode: z.enum(['off', 'redact', 'block'], { error: 'expected off, redact or block' }).default('off'),
      kinds: z
        .array(z.enum(['email', 'phone', 'card', 'iban'], { error: 'expected email, phone, card or iban' }))
        .min(1, { error: 'expected at least one of email, phone, card, iban' })
        .default(['email', 'phone', 'card', 'iban']),
    })
    .prefault({}),
  /** Tokens (prompt + completion, every model round) one turn may use; past it the turn ends with a message. Absent: no cap. */
  max_turn_tokens: positiveInt.optional(),
  /** Words or phrases withheld from what the model says (any case), replaced by [withheld]. */
  forbidden_terms: z.array(nonEmpty, { error: 'expected a list of words or phrases' }).max(500, { error: 'expected at most 500 terms' }).default([]),
});

/** `$PARAPET_HOME/config.yaml`, exactly as the user writes it. Unknown keys are errors. */
/** Counting tokens: a real BPE for OpenAI-style models, or about four characters a token. */
const tokenizerChoice = z.enum(['auto', 'o200k', 'cl100k', 'estimate'], { error: 'expected auto, o200k, cl100k or estimate' });

const historySchema = z.strictObject({
  /** The model's context window in tokens, for models not listed under `models`. */
  context_window: positiveInt.min(1024, { error: 'expected at least 1024' }).default(32_768),
  /** Tokens kept free for the reply. */
  reply_reserve: positiveInt.default(2_048),
  /** Fraction of the budget (window − system prompt − reply reserve) past which old turns are summarised. */
  compact_at: z.number({ error: 'expected a number between 0.2 and 0.95' }).min(0.2).max(0.95).default(0.7),
  /** Turns whose tool results are sent whole; older ones are sent as one-line summaries. */
  fresh_tool_turns: z.int({ error: 'expected an integer from 0 to 100' }).min(0).max(100).default(4),
  tokenizer: tokenizerChoice.default('auto'),
  /** Per model name: its own window (and tokenizer). */
  models: z
    .record(nonEmpty, z.strictObject({ context_window: positiveInt.min(1024, { error: 'expected at least 1024' }), tokenizer: tokenizerChoice.optional() }))
    .default({}),
});

export const configFileSchema = z.strictObject({
  llm: llmSchema.optional(),
  workspace: nonEmpty.optional(),
  shield: shieldSchema.prefault({}),
  agent: agentSchema.prefault({}),
  concurrency: concurrencySchema.prefault({}),
  limits: limitsSchema.prefault({}),
  http: httpSchema.prefault({}),
  commands: commandsSchema.prefault({}),
  log: logSchema.prefault({}),
  web: webSchema.prefault({}),
  chronicle: chronicleSchema.prefault({}),
  history: historySchema.prefault({}),
  telegram: telegramSchema.optional(),
  guardrails: guardrailsSchema.prefault({}),
});

export type ConfigFile = z.output<typeof configFileSchema>;
