import { ClassifierError } from './errors.js';
import type { TensorInfo } from './session-host.js';

/** Which inputs to feed and which output holds the logits, decided once from the session's metadata. */
export interface FeedPlan {
  /** DeBERTa-v3 exports differ: some declare `token_type_ids`, most do not. */
  readonly tokenTypeIds: boolean;
  readonly logitsOutput: string;
}

const REQUIRED_INPUTS = ['input_ids', 'attention_mask'];
const OPTIONAL_INPUTS = ['token_type_ids'];

/**
 * Refuses a graph we would have to guess about: an input we cannot fill, a non-int64 id input,
 * or no float32 output of `labelCount` logits.
 */
export function planFeeds(inputs: readonly TensorInfo[], outputs: readonly TensorInfo[], labelCount: number): FeedPlan {
  const names = inputs.map((input) => input.name);
  for (const required of REQUIRED_INPUTS) {
    if (!names.includes(required)) throw invalid(`model.onnx has no \`${required}\` input (inputs: ${names.join(', ')})`);
  }
  for (const input of inputs) {
    if (![...REQUIRED_INPUTS, ...OPTIONAL_INPUTS].includes(input.name)) throw invalid(`model.onnx declares an input this classifier cannot fill: \`${input.name}\``);
    if (input.type !== 'int64') throw invalid(`model.onnx input \`${input.name}\` is ${input.type ?? 'not a tensor'}, expected int64`);
  }
  const logits = outputs.find((output) => output.name === 'logits') ?? (outputs.length === 1 ? outputs[0] : undefined);
  if (!logits) throw invalid(`model.onnx has no \`logits\` output (outputs: ${outputs.map((o) => o.name).join(', ')})`);
  if (logits.type !== 'float32') throw invalid(`model.onnx output \`${logits.name}\` is ${logits.type ?? 'not a tensor'}, expected float32`);
  const last = logits.shape.at(-1);
  if (logits.shape.length !== 2 || (last !== undefined && /^\d+$/.test(last) && Number(last) !== labelCount)) {
    throw invalid(`model.onnx output \`${logits.name}\` has shape [${logits.shape.join(', ')}], expected [batch, ${labelCount}]`);
  }
  return { tokenTypeIds: names.includes('token_type_ids'), logitsOutput: logits.name };
}

function invalid(message: string): ClassifierError {
  return new ClassifierError('MODEL_INVALID', message);
}
