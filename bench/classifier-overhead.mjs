// Classifier overhead: what tier 1b adds on top of the model itself. For the same text, compare
// `classify()` end to end (tokenise, window, build int64 feeds, hop to the inference worker and
// back, softmax) with a bare `session.run` on the already-tokenised feeds, interleaved in one run
// so machine noise hits both alike. Target: overheadRatio ≤ 1.10.
//
// The model is the tiny test model with its dense path switched on, sized to the per-token compute
// of the smallest DeBERTa-v3 (xsmall: ~25 M multiply-adds per token; 24 layers × 1024² here). The
// reference deberta-v3-base costs about four times that, so the overhead it sees is smaller still:
// this ratio is an upper bound for the real model. A tiny model without the dense path would
// measure only the tokenizer against a near-empty graph, which says nothing about production.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ort from 'onnxruntime-node';
import { makeTinyModel } from '../scripts/make-tiny-model.mjs';
import { loadClassifier } from '../packages/shield/dist/classifier.js';

const HIDDEN = 1024;
const LAYERS = 24;
const INTRA_OP_THREADS = 1;
const WARMUP = 2;
const ROUNDS = 12;

/**
 * One full window (510 content tokens), the common case for a tool payload. Words are ones the
 * tiny vocabulary holds whole, as a real 128k-piece vocabulary holds most English words; words
 * spelled out letter by letter would make the tokenizer's work unrepresentatively large.
 */
function sampleText() {
  const words = ['please', 'read', 'the', 'project', 'notes', 'and', 'write', 'a', 'report', 'to', 'today', 'meeting'];
  return Array.from({ length: 510 }, (_, i) => words[i % words.length]).join(' ');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const elapsedUs = async (fn) => {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1000;
};

export async function benchClassifierOverhead() {
  const dir = mkdtempSync(join(tmpdir(), 'parapet-bench-classifier-'));
  let classifier;
  let session;
  try {
    makeTinyModel(dir, { hidden: HIDDEN, layers: LAYERS });
    classifier = await loadClassifier(dir, { intraOpThreads: INTRA_OP_THREADS, batchSize: 4 });
    session = await ort.InferenceSession.create(join(dir, 'model.onnx'), {
      intraOpNumThreads: INTRA_OP_THREADS,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
    const text = sampleText();
    const { feeds, dims } = classifier.feedsFor(text);
    const tensors = Object.fromEntries(Object.entries(feeds).map(([name, data]) => [name, new ort.Tensor('int64', data, [...dims])]));
    const raw = () => session.run(tensors);
    const full = () => classifier.classify(text);

    for (let i = 0; i < WARMUP; i += 1) {
      await raw();
      await full();
    }
    const rawTimes = [];
    const fullTimes = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      // Alternate which goes first so neither always runs on a warmer cache.
      if (i % 2 === 0) {
        rawTimes.push(await elapsedUs(raw));
        fullTimes.push(await elapsedUs(full));
      } else {
        fullTimes.push(await elapsedUs(full));
        rawTimes.push(await elapsedUs(raw));
      }
    }
    const rawRunUs = Math.round(median(rawTimes));
    const fullClassifyUs = Math.round(median(fullTimes));
    return {
      rawRunUs,
      fullClassifyUs,
      overheadRatio: Number((fullClassifyUs / rawRunUs).toFixed(3)),
      tokens: dims[1],
      model: `tiny dense stand-in (hidden ${HIDDEN}, ${LAYERS} layers, ${INTRA_OP_THREADS} intra-op thread)`,
    };
  } finally {
    await classifier?.close();
    await session?.release();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchClassifierOverhead(), null, 2));
}
