import { describe, expect, it } from 'vitest';
import { usageFromSnakeCase, usageToSnakeCase } from './usage.js';

describe('token usage spelling', () => {
  it('reads snake-case counts and writes them back unchanged', () => {
    const wire = { prompt_tokens: 120, completion_tokens: 20, total_tokens: 140 };
    const usage = usageFromSnakeCase(wire);
    expect(usage).toEqual({ promptTokens: 120, completionTokens: 20, totalTokens: 140 });
    expect(usageToSnakeCase(usage)).toEqual(wire);
  });

  it('counts a reply that reported no usage as zero tokens', () => {
    expect(usageFromSnakeCase(null)).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
    expect(usageFromSnakeCase(undefined)).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
  });
});
