// The tiny classifier graph. Same signature as protectai/deberta-v3-base-prompt-injection-v2's
// ONNX export: int64 `input_ids` and `attention_mask` [batch, sequence] → float `logits` [batch, 2].
//
// Word path (always): each token id looks up a (safe, injection) contribution; padding is masked
// out; contributions are summed over the sequence and a bias is added.
// Segment path (optional): a `token_type_ids` input, as some DeBERTa exports declare; segment 1
// adds a large injection logit, so feeding anything but zeros for a single sequence would show.
// Dense path (optional, for benchmarks): an embedding of width `hidden` goes through `layers`
// MatMul+Add+Tanh blocks per token, is mask-summed and projected to 2 logits with tiny weights, so
// the run costs real compute that grows with sequence length while scores stay those of the word path.
import { DataType, floatTensor, int64Tensor, node, valueInfo } from './onnx-proto.mjs';
import { LOGIT_BIAS } from './vocabulary.mjs';

/** Deterministic pseudo-random numbers (mulberry32): the same options give the same model bytes. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomMatrix(random, rows, cols, scale) {
  return Array.from({ length: rows * cols }, () => (random() * 2 - 1) * scale);
}

function densePath(vocabSize, hidden, layers) {
  const random = seededRandom(0x5eed);
  // Xavier-uniform weights with tanh keep activations bounded and away from denormals at any
  // depth; all layers share one matrix, so the file stays small while every layer still costs a
  // full [sequence, hidden] × [hidden, hidden] product.
  const initializer = [
    floatTensor('dense_embedding', [vocabSize, hidden], randomMatrix(random, vocabSize, hidden, 1)),
    floatTensor('dense_weight', [hidden, hidden], randomMatrix(random, hidden, hidden, Math.sqrt(3 / hidden))),
    floatTensor('dense_bias', [hidden], randomMatrix(random, 1, hidden, 0.1)),
    floatTensor('dense_out', [hidden, 2], randomMatrix(random, hidden, 2, 1e-6)),
  ];
  const nodes = [node('Gather', ['dense_embedding', 'input_ids'], ['dense_0'])];
  let current = 'dense_0';
  for (let layer = 1; layer <= layers; layer += 1) {
    nodes.push(
      node('MatMul', [current, 'dense_weight'], [`matmul_${layer}`]),
      node('Add', [`matmul_${layer}`, 'dense_bias'], [`pre_${layer}`]),
      node('Tanh', [`pre_${layer}`], [`dense_${layer}`]),
    );
    current = `dense_${layer}`;
  }
  nodes.push(
    node('Mul', [current, 'mask_3d'], ['dense_masked']),
    node('ReduceSum', ['dense_masked', 'sequence_axis'], ['dense_pooled'], { keepdims: 0 }),
    node('MatMul', ['dense_pooled', 'dense_out'], ['dense_logits']),
  );
  return { initializer, nodes, output: 'dense_logits' };
}

/**
 * @param {number[][]} contributions per token id, `[safe, injection]`
 * @param {{hidden?: number, layers?: number, tokenTypeIds?: boolean}} options hidden = 0 leaves the dense path out
 */
export function buildGraph(contributions, { hidden = 0, layers = 0, tokenTypeIds = false } = {}) {
  const vocabSize = contributions.length;
  const initializer = [
    floatTensor('word_logits', [vocabSize, 2], contributions.flat()),
    floatTensor('logit_bias', [2], LOGIT_BIAS),
    int64Tensor('mask_axis', [1], [2]),
    int64Tensor('sequence_axis', [1], [1]),
  ];
  const nodes = [
    node('Gather', ['word_logits', 'input_ids'], [tokenTypeIds ? 'word_token_logits' : 'token_logits']),
    node('Cast', ['attention_mask'], ['mask_float'], { to: DataType.FLOAT }),
    node('Unsqueeze', ['mask_float', 'mask_axis'], ['mask_3d']),
    node('Mul', ['token_logits', 'mask_3d'], ['masked_logits']),
    node('ReduceSum', ['masked_logits', 'sequence_axis'], ['word_pooled'], { keepdims: 0 }),
  ];
  if (tokenTypeIds) {
    initializer.push(floatTensor('segment_logits', [2, 2], [0, 0, 0, 100]));
    nodes.unshift(
      node('Gather', ['segment_logits', 'token_type_ids'], ['segment_token_logits']),
      node('Add', ['word_token_logits', 'segment_token_logits'], ['token_logits']),
    );
  }
  let pooled = 'word_pooled';
  if (hidden > 0) {
    const dense = densePath(vocabSize, hidden, layers);
    initializer.push(...dense.initializer);
    nodes.push(...dense.nodes, node('Add', ['word_pooled', dense.output], ['pooled']));
    pooled = 'pooled';
  }
  nodes.push(node('Add', [pooled, 'logit_bias'], ['logits']));
  return {
    name: 'parapet_tiny_classifier',
    node: nodes,
    initializer,
    input: [
      valueInfo('input_ids', DataType.INT64, ['batch', 'sequence']),
      valueInfo('attention_mask', DataType.INT64, ['batch', 'sequence']),
      ...(tokenTypeIds ? [valueInfo('token_type_ids', DataType.INT64, ['batch', 'sequence'])] : []),
    ],
    output: [valueInfo('logits', DataType.FLOAT, ['batch', 2])],
  };
}
