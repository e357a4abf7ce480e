import { describe, expect, it } from 'vitest';
import { planFeeds } from './feed-plan.js';
import type { TensorInfo } from './session-host.js';

const int64 = (name: string): TensorInfo => ({ name, isTensor: true, type: 'int64', shape: ['batch', 'sequence'] });
const logits: TensorInfo = { name: 'logits', isTensor: true, type: 'float32', shape: ['batch', '2'] };

describe('planFeeds (what to feed the session, from its metadata)', () => {
  it('feeds input_ids and attention_mask, and token_type_ids only when declared', () => {
    expect(planFeeds([int64('input_ids'), int64('attention_mask')], [logits], 2)).toEqual({ tokenTypeIds: false, logitsOutput: 'logits' });
    expect(planFeeds([int64('input_ids'), int64('attention_mask'), int64('token_type_ids')], [logits], 2).tokenTypeIds).toBe(true);
  });

  it('refuses a model missing an input it needs, or declaring one it cannot fill', () => {
    expect(() => planFeeds([int64('input_ids')], [logits], 2)).toThrow(/no `attention_mask` input/);
    expect(() => planFeeds([int64('input_ids'), int64('attention_mask'), int64('position_ids')], [logits], 2)).toThrow(/cannot fill: `position_ids`/);
    expect(() => planFeeds([{ ...int64('input_ids'), type: 'int32' }, int64('attention_mask')], [logits], 2)).toThrow(/int32, expected int64/);
  });

  it('takes `logits`, or the only output, and checks it is float32 [batch, labels]', () => {
    const other = { ...logits, name: 'output_0' };
    expect(planFeeds([int64('input_ids'), int64('attention_mask')], [other], 2).logitsOutput).toBe('output_0');
    expect(() => planFeeds([int64('input_ids'), int64('attention_mask')], [other, { ...other, name: 'x' }], 2)).toThrow(/no `logits` output/);
    expect(() => planFeeds([int64('input_ids'), int64('attention_mask')], [{ ...logits, type: 'float16' }], 2)).toThrow(/float16, expected float32/);
    expect(() => planFeeds([int64('input_ids'), int64('attention_mask')], [logits], 3)).toThrow(/expected \[batch, 3\]/);
  });
});
