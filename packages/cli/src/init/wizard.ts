import type { Interface } from 'node:readline/promises';
import { probeModel, type ProbeResult } from '../model-probe.js';
import type { Writer } from '../render-turn.js';
import { baseUrlProblem, keyVariableProblem, type LlmSettings } from './llm-settings.js';

const DEFAULT_BASE_URL = 'http://127.0.0.1:11434/v1';
const DEFAULT_MODEL = 'llama3.1';
const DEFAULT_KEY_VARIABLE = 'OPENAI_API_KEY';

function isLoopback(baseUrl: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(baseUrl).hostname);
  } catch {
    return false;
  }
}

async function ask(lines: Interface, question: string, fallback: string, problem: (value: string) => string | undefined, out: Writer): Promise<string> {
  for (;;) {
    const answer = (await lines.question(`${question}${fallback !== '' ? ` [${fallback}]` : ''}: `)).trim();
    const value = answer === '' ? fallback : answer;
    const why = problem(value);
    if (why === undefined) return value;
    out.write(`  ${why}\n`);
  }
}

export interface WizardResult {
  readonly settings: LlmSettings;
  readonly probe: ProbeResult | undefined;
}

/**
 * Asks for the endpoint, the model and the key variable, tests them with one tiny request, and on a
 * failure says what to check and lets the user answer again, keep the answers anyway, or quit.
 */
export async function runInitWizard(
  lines: Interface,
  out: Writer,
  env: Readonly<Record<string, string | undefined>>,
  start: Partial<LlmSettings>,
): Promise<WizardResult | undefined> {
  let current = start;
  out.write('Configure the model (any OpenAI-compatible endpoint: OpenAI, Ollama, vLLM, llama.cpp, LM Studio).\n');
  for (;;) {
    const baseUrl = await ask(lines, 'Endpoint base URL', current.baseUrl ?? DEFAULT_BASE_URL, baseUrlProblem, out);
    const model = await ask(lines, 'Model name', current.model ?? DEFAULT_MODEL, (value) => (value === '' ? 'a model name is needed' : undefined), out);
    const keyFallback = current.apiKeyEnv ?? (isLoopback(baseUrl) ? '' : DEFAULT_KEY_VARIABLE);
    const keyVariable = await ask(lines, 'Variable holding the API key (empty: none)', keyFallback, (value) => (value === '' ? undefined : keyVariableProblem(value)), out);
    const settings: LlmSettings = { baseUrl, model, ...(keyVariable !== '' ? { apiKeyEnv: keyVariable } : {}) };
    out.write('testing the connection…\n');
    const probe = await probeModel(settings, env);
    if (probe.ok) {
      out.write(`ok: ${probe.detail}\n`);
      return { settings, probe };
    }
    out.write(`the test failed: ${probe.problem}\n  check: ${probe.fix}\n`);
    const next = (await lines.question('(r)etry with other answers, (s)ave anyway, (q)uit [r]: ')).trim().toLowerCase();
    if (next === 's') return { settings, probe };
    if (next === 'q') return undefined;
    current = settings;
  }
}
