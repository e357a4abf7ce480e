import OpenAI from 'openai';
import type { EvaluatorModel } from '../../ports.js';

export interface OpenAiEvaluatorOptions {
  readonly baseUrl: string;
  readonly model: string;
  /** Local servers (Ollama, llama.cpp) ignore it; the SDK still wants a value. */
  readonly apiKey: string | undefined;
  readonly maxTokens?: number;
}

/** EvaluatorModel over any OpenAI-compatible chat-completions endpoint; transport only. */
export function createOpenAiEvaluatorModel(options: OpenAiEvaluatorOptions): EvaluatorModel {
  // Retries would multiply latency and budget; the gateway's timeout bounds the call instead.
  const client = new OpenAI({ baseURL: options.baseUrl, apiKey: options.apiKey ?? 'not-needed', maxRetries: 0 });
  return {
    async complete({ system, user, signal }) {
      const completion = await client.chat.completions.create(
        {
          model: options.model,
          temperature: 0,
          max_tokens: options.maxTokens ?? 300,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        },
        { signal },
      );
      const content = completion.choices[0]?.message.content;
      if (typeof content !== 'string') throw new Error('evaluator returned no text');
      return content;
    },
  };
}
