import { configProblems, readConfigDocument, writeConfigDocument } from '../config/config-document.js';

export interface LlmSettings {
  readonly baseUrl: string;
  readonly model: string;
  /** The NAME of the variable holding the key; absent for endpoints without one (a local Ollama…). */
  readonly apiKeyEnv?: string;
}

export function baseUrlProblem(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? undefined : 'expected an http(s) URL';
  } catch {
    return 'expected an http(s) URL, e.g. http://127.0.0.1:11434/v1';
  }
}

export function keyVariableProblem(value: string): string | undefined {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(value) ? undefined : 'expected the NAME of an environment variable (letters, digits, _), not the key itself';
}

/** Writes the `llm` section into config.yaml, keeping every comment, through the schema check. */
export async function writeLlmSettings(configPath: string, settings: LlmSettings): Promise<void> {
  const document = await readConfigDocument(configPath);
  const before = configProblems(document);
  document.setIn(['llm', 'base_url'], settings.baseUrl);
  document.setIn(['llm', 'model'], settings.model);
  if (settings.apiKeyEnv !== undefined) document.setIn(['llm', 'api_key_env'], settings.apiKeyEnv);
  else document.deleteIn(['llm', 'api_key_env']);
  await writeConfigDocument(configPath, document, before);
}
