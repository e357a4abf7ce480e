/**
 * The inference worker, as CommonJS source evaluated by `new Worker(source, { eval: true })`.
 *
 * Why a worker: onnxruntime-node's `InferenceSession.run` is *not* off the event loop. Its
 * backend (node_modules/onnxruntime-node/dist/backend.js) wraps a synchronous native call in
 * `setImmediate`, and dist/binding.d.ts describes the binding as "a simple synchronized inference
 * session object wrap": intra-op threads parallelise the kernels, but the calling JS thread waits
 * for the whole run. A DeBERTa-base window takes around a second on a small CPU, which would
 * freeze the engine's gRPC and WebSocket traffic. The binding supports worker threads (it passes
 * `isMainThread` to `initOrtOnce`), so the session lives here.
 *
 * Why eval'd source: the same code must run from `src/` under vitest and from `dist/` after the
 * build, and a worker file cannot be TypeScript on Node 20. The protocol is deliberately tiny:
 * `load` (model bytes + session options) and `run` (int64 feeds → float32 output).
 */
export const SESSION_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const ort = require(workerData.onnxruntimePath);
let session = null;

function describe(metadata) {
  return metadata.map((m) => ({ name: m.name, isTensor: m.isTensor, type: m.isTensor ? m.type : null, shape: m.isTensor ? m.shape.map(String) : [] }));
}

async function handle(request) {
  if (request.kind === 'load') {
    session = await ort.InferenceSession.create(new Uint8Array(request.model), request.options);
    return { inputs: describe(session.inputMetadata), outputs: describe(session.outputMetadata) };
  }
  if (request.kind === 'run') {
    if (session === null) throw new Error('no model loaded');
    const feeds = {};
    for (const name of Object.keys(request.feeds)) feeds[name] = new ort.Tensor('int64', request.feeds[name], request.dims);
    const result = await session.run(feeds, [request.output]);
    const tensor = result[request.output];
    if (tensor.type !== 'float32') throw new Error('output ' + request.output + ' is ' + tensor.type + ', expected float32');
    const data = Float32Array.from(tensor.data);
    return { data, dims: Array.from(tensor.dims), transfer: [data.buffer] };
  }
  throw new Error('unknown request ' + String(request.kind));
}

parentPort.on('message', (request) => {
  handle(request).then(
    (result) => {
      const transfer = result.transfer || [];
      delete result.transfer;
      parentPort.postMessage({ id: request.id, ok: true, result }, transfer);
    },
    (error) => parentPort.postMessage({ id: request.id, ok: false, message: String((error && error.message) || error) }),
  );
});
`;
