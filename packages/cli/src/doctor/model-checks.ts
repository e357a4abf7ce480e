import { join } from 'node:path';
import { effectiveConfig, readConfigDocument } from '../config/config-document.js';
import { probeModel } from '../model-probe.js';
import type { HomePaths } from '../paths.js';
import { fail, ok, warn, type CheckResult } from './check.js';

interface ModelEndpoint {
  readonly base_url: string;
  readonly model: string;
  readonly api_key_env?: string;
}

interface LlmSection extends ModelEndpoint {
  readonly fallbacks?: readonly ModelEndpoint[];
}

async function probeEndpoint(name: string, endpoint: ModelEndpoint, env: Readonly<Record<string, string | undefined>>): Promise<CheckResult> {
  const probe = await probeModel(
    { baseUrl: endpoint.base_url, model: endpoint.model, ...(endpoint.api_key_env !== undefined ? { apiKeyEnv: endpoint.api_key_env } : {}) },
    env,
  );
  return probe.ok ? ok(name, probe.detail) : fail(name, probe.problem, probe.fix);
}

/**
 * The model the engine would use (the same environment overrides), then each fallback, each reached
 * with one tiny request: a fallback that cannot answer would only be found when the primary fails.
 */
export async function modelChecks(paths: HomePaths, env: Readonly<Record<string, string | undefined>>): Promise<CheckResult[]> {
  let config: Record<string, unknown> | undefined;
  try {
    config = effectiveConfig(await readConfigDocument(paths.configPath));
  } catch {
    config = undefined;
  }
  if (!config) return [warn('model', 'not checked: config.yaml is invalid', 'parapet config validate')];
  const llm = config['llm'] as LlmSection | undefined;
  const baseUrl = env['PARAPET_LLM_BASE_URL']?.trim() || llm?.base_url;
  const model = env['PARAPET_LLM_MODEL']?.trim() || llm?.model;
  if (baseUrl === undefined || model === undefined) {
    return [warn('model', 'none configured: parapet runs its demo model', 'parapet init (asks for the endpoint), or parapet config set llm.base_url URL llm.model NAME')];
  }
  const primary = { base_url: baseUrl, model, ...(llm?.api_key_env !== undefined ? { api_key_env: llm.api_key_env } : {}) };
  const fallbacks = llm?.fallbacks ?? [];
  return Promise.all([
    probeEndpoint('model', primary, env),
    ...fallbacks.map((fallback, index) => probeEndpoint(`model fallback ${index + 1}`, fallback, env)),
  ]);
}

/** The optional prompt-injection classifier: absent is fine, a file that no longer matches its pin is not. */
export async function classifierCheck(paths: HomePaths): Promise<CheckResult> {
  const { classifierStatus } = await import('@parapet/shield/classifier');
  const dir = join(paths.home, 'models', 'prompt-injection');
  const status = await classifierStatus(dir, { verify: true });
  if (status.available) return ok('classifier', status.detail);
  if (status.code === 'MODEL_NOT_INSTALLED') return warn('classifier', 'not installed (tier 1b off; heuristics still run)', 'parapet models pull');
  return fail('classifier', status.detail, 'parapet models pull (reinstalls and re-pins it)');
}
