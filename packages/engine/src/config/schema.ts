import { z } from 'zod';

const positiveInt = z.int({ error: 'expected a positive integer' }).positive({ error: 'expected a positive integer' });
const nonEmpty = z.string({ error: 'expected a non-empty string' }).trim().min(1, { error: 'expected a non-empty string' });

const llmSchema = z.strictObject({
  base_url: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }),
  model: nonEmpty,
  /** Name of the environment variable holding the API key; the key itself never sits in config. */
  api_key_env: z
    .string({ error: 'expected the NAME of an environment variable' })
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'expected the NAME of an environment variable (letters, digits, _)' })
    .optional(),
  timeout_ms: positiveInt.default(60_000),
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
});

const agentSchema = z.strictObject({
  max_rounds: positiveInt.max(1000, { error: 'expected at most 1000' }).default(25),
  sandbox: z.enum(['strict', 'weak'], { error: 'expected "strict" or "weak"' }).default('strict'),
  /** false: no network namespace for the agent (strict mode then refuses to run it; for diagnosis). */
  network_namespace: z.boolean({ error: 'expected true or false' }).default(true),
});

const logSchema = z.strictObject({
  level: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'expected fatal, error, warn, info, debug, trace or silent' }).default('info'),
  /** `$PARAPET_HOME/logs/engine.N.log` rotates at this size. */
  max_file_kb: positiveInt.default(10_240),
  /** Rotated files kept besides the current one. */
  keep_files: positiveInt.max(1000, { error: 'expected at most 1000' }).default(5),
});

/** `$PARAPET_HOME/config.yaml`, exactly as the user writes it. Unknown keys are errors. */
export const configFileSchema = z.strictObject({
  llm: llmSchema.optional(),
  workspace: nonEmpty.optional(),
  shield: shieldSchema.prefault({}),
  agent: agentSchema.prefault({}),
  log: logSchema.prefault({}),
});

export type ConfigFile = z.output<typeof configFileSchema>;
