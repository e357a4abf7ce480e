#!/usr/bin/env node
// Writes a tiny prompt-injection classifier into a folder, without Python: model.onnx (same
// input/output names and shapes as the reference DeBERTa-v3 export), a DeBERTa-v3-style Unigram
// tokenizer.json and the parapet-model.json manifest that pins both by SHA-256.
//
//   node scripts/make-tiny-model.mjs DIR [--window 512] [--hidden 0] [--layers 0] [--token-type-ids]
//
// --window sets the manifest's token window (small values exercise chunking); --hidden/--layers
// add a dense path so a run costs real compute (benchmarks), without changing the scores;
// --token-type-ids declares that third input, as some DeBERTa exports do.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGraph } from './tiny-model/graph.mjs';
import { encodeModel } from './tiny-model/onnx-proto.mjs';
import { buildTokenizerJson } from './tiny-model/tokenizer-json.mjs';
import { buildVocabulary } from './tiny-model/vocabulary.mjs';

export const TINY_MODEL_NAME = 'parapet-tiny-test-model';

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * @param {string} dir created if missing
 * @param {{window?: number, hidden?: number, layers?: number, tokenTypeIds?: boolean}} [options]
 * @returns {{dir: string, manifest: object}}
 */
export function makeTinyModel(dir, { window = 512, hidden = 0, layers = 0, tokenTypeIds = false } = {}) {
  const { pieces, contributions } = buildVocabulary();
  const tokenizer = buildTokenizerJson(pieces);
  // One more row than the Unigram pieces: [MASK] is an added token right after them, as in DeBERTa-v3.
  const rows = [...contributions, [0, 0]];
  const graph = buildGraph(rows, { hidden, layers, tokenTypeIds });
  const model = encodeModel({
    graph,
    docString: 'Tiny stand-in for protectai/deberta-v3-base-prompt-injection-v2 (tests and benchmarks only).',
    metadata: { hidden: String(hidden), layers: String(layers), token_type_ids: String(tokenTypeIds) },
  });
  const tokenizerBytes = Buffer.from(JSON.stringify(tokenizer));
  const manifest = {
    format: 1,
    name: TINY_MODEL_NAME,
    labels: ['SAFE', 'INJECTION'],
    injectionLabel: 1,
    window,
    vocabSize: rows.length,
    files: {
      'model.onnx': { sha256: sha256(model), bytes: model.byteLength },
      'tokenizer.json': { sha256: sha256(tokenizerBytes), bytes: tokenizerBytes.byteLength },
    },
  };
  const target = resolve(dir);
  mkdirSync(target, { recursive: true });
  writeFileSync(join(target, 'model.onnx'), model);
  writeFileSync(join(target, 'tokenizer.json'), tokenizerBytes);
  writeFileSync(join(target, 'parapet-model.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir: target, manifest };
}

function parseArgs(argv) {
  const [dir, ...rest] = argv;
  if (!dir || dir.startsWith('--')) throw new Error('usage: make-tiny-model.mjs DIR [--window N] [--hidden N] [--layers N] [--token-type-ids]');
  const options = {};
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i];
    if (flag === '--token-type-ids') {
      options.tokenTypeIds = true;
      i -= 1;
      continue;
    }
    const value = Number(rest[i + 1]);
    if (!['--window', '--hidden', '--layers'].includes(flag) || !Number.isInteger(value) || value < 0) {
      throw new Error(`bad option ${flag} ${rest[i + 1] ?? ''}`.trim());
    }
    options[flag.slice(2)] = value;
  }
  if (options.window !== undefined && options.window < 3) throw new Error('--window must be at least 3 (two special tokens + one)');
  return { dir, options };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { dir, options } = parseArgs(process.argv.slice(2));
    const { dir: written } = makeTinyModel(dir, options);
    console.log(`tiny model written to ${written}`);
  } catch (error) {
    console.error(`make-tiny-model: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
