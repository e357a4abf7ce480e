import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { expandTilde } from '@parapet/engine/client';
import type { DownloadProgress } from '@parapet/shield/classifier';
import { ParapetError } from '@parapet/wire';
import { homeFor, type CommandContext } from '../context.js';
import type { HomePaths } from '../paths.js';

interface PullOptions {
  readonly dir?: string;
  readonly url?: string;
  readonly modelSha256?: string;
  readonly tokenizerSha256?: string;
  readonly trustOnFirstUse?: boolean;
}

/** Where `parapet models pull` installs the prompt-injection classifier by default. */
export function defaultModelDir(paths: HomePaths): string {
  return join(paths.home, 'models', 'prompt-injection');
}

/** On a terminal the bar redraws in place; in a log, one line per file is enough. */
function progressPrinter(
  out: NodeJS.WritableStream & { readonly isTTY?: boolean },
  renderProgressBar: (progress: DownloadProgress) => string,
): (progress: DownloadProgress) => void {
  return (progress) => {
    const finished = progress.totalBytes !== null && progress.receivedBytes >= progress.totalBytes;
    if (out.isTTY === true) out.write(`\r${renderProgressBar(progress)}${finished ? '\n' : ''}`);
    else if (finished) out.write(`${renderProgressBar(progress)}\n`);
  };
}

export function registerModels(program: Command, context: CommandContext): void {
  const models = program.command('models').description('local models the Shield uses');
  models
    .command('pull')
    .description('download the prompt-injection classifier (protectai/deberta-v3-base-prompt-injection-v2) and pin its SHA-256s')
    .option('--dir <dir>', 'install folder (default: $PARAPET_HOME/models/prompt-injection)')
    .option('--url <base>', 'folder URL serving model.onnx and tokenizer.json (HTTPS; http only for loopback)')
    .option('--model-sha256 <hex>', 'expected SHA-256 of model.onnx')
    .option('--tokenizer-sha256 <hex>', 'expected SHA-256 of tokenizer.json')
    .option('--trust-on-first-use', 'without pins, record the hashes of this download as the pins')
    .action(async (options: PullOptions, command: Command) => {
      const { io } = context;
      const paths = homeFor(context, command);
      const dir = options.dir ? resolve(io.cwd, expandTilde(options.dir)) : defaultModelDir(paths);
      const pinned = options.modelSha256 !== undefined || options.tokenizerSha256 !== undefined;
      if (pinned && (options.modelSha256 === undefined || options.tokenizerSha256 === undefined)) {
        throw new ParapetError('INVALID_ARGUMENT', 'pin both files: --model-sha256 and --tokenizer-sha256');
      }
      if (!pinned && options.trustOnFirstUse !== true) {
        throw new ParapetError(
          'INVALID_ARGUMENT',
          'no pins given: pass --model-sha256 and --tokenizer-sha256, or --trust-on-first-use to record the hashes of this download',
        );
      }
      // Loaded on use: the Shield package brings the native ONNX runtime with it.
      const { pullModel, REFERENCE_MODEL, renderProgressBar } = await import('@parapet/shield/classifier');
      const abort = new AbortController();
      const stopListening = io.onInterrupt(() => abort.abort());
      try {
        io.stdout.write(`pulling ${REFERENCE_MODEL.name} into ${dir}\n`);
        const manifest = await pullModel({
          dir,
          ...(options.url !== undefined ? { baseUrl: options.url } : {}),
          ...(options.modelSha256 !== undefined && options.tokenizerSha256 !== undefined
            ? { expectedSha256s: { 'model.onnx': options.modelSha256, 'tokenizer.json': options.tokenizerSha256 } }
            : { allowUnpinned: true }),
          onProgress: progressPrinter(io.stdout, renderProgressBar),
          signal: abort.signal,
        });
        for (const [file, { sha256, bytes }] of Object.entries(manifest.files)) io.stdout.write(`installed ${file}: ${bytes} bytes, sha256 ${sha256}\n`);
        // The engine trusts the folder only when config.yaml holds the same hashes.
        io.stdout.write(
          `the engine loads this model once config.yaml pins it:\nshield:\n  classifier:\n` +
            `    model_sha256: "${manifest.files['model.onnx'].sha256}"\n    tokenizer_sha256: "${manifest.files['tokenizer.json'].sha256}"\n`,
        );
      } finally {
        stopListening();
      }
    });
}
