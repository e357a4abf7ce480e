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
  /** Tool calls of one model reply the engine runs; the rest are refused (a runaway reply stops here). */
  max_tool_calls_per_reply: positiveInt.max(1000, { error: 'expected at most 1000' }).default(16),
  sandbox: z.enum(['strict', 'weak'], { error: 'expected "strict" or "weak"' }).default('strict'),
});

/** `$PARAPET_HOME/config.yaml`, exactly as the user writes it. Unknown keys are errors. */
export const configFileSchema = z.strictObject({
  llm: llmSchema.optional(),
  workspace: nonEmpty.optional(),
  shield: shieldSchema.prefault({}),
  agent: agentSchema.prefault({}),
});

export type ConfigFile = z.output<typeof configFileSchema>;
