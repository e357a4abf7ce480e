import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ClassifierError } from './errors.js';
import { formatIssues, issueMessages } from '../../schema-issues.js';

/** Written last by `pullModel`: its presence means a complete, verified install. */
export const MANIFEST_FILE = 'parapet-model.json';
export const MODEL_FILES = ['model.onnx', 'tokenizer.json'] as const;
export type ModelFile = (typeof MODEL_FILES)[number];

/** Expected SHA-256 (lower-case hex) of each model file. */
export type ModelPins = Readonly<Record<ModelFile, string>>;

export const sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/, { error: 'expected a lower-case hex SHA-256' });

const fileEntrySchema = z.strictObject({
  sha256: sha256HexSchema,
  bytes: z.int().positive(),
});

export const modelManifestSchema = z
  .strictObject({
    format: z.literal(1),
    name: z.string().min(1),
    source: z.url().optional(),
    /** Label names in logit order. */
    labels: z.array(z.string().min(1)).min(2),
    /** Index of the prompt-injection label in `labels`. */
    injectionLabel: z.int().nonnegative(),
    /** Model window in tokens, special tokens included. */
    window: z.int().min(3).max(1_000_000),
    /** Rows of the embedding table: every token id must stay below it. */
    vocabSize: z.int().positive().optional(),
    files: z.strictObject({
      'model.onnx': fileEntrySchema,
      'tokenizer.json': fileEntrySchema,
    }),
  })
  .refine((m) => m.injectionLabel < m.labels.length, {
    error: 'injectionLabel must index into labels',
    path: ['injectionLabel'],
  });

export type ModelManifest = z.output<typeof modelManifestSchema>;

/** Reads and validates `DIR/parapet-model.json`; a missing file means no model is installed. */
export async function readManifest(dir: string): Promise<ModelManifest> {
  const path = join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ClassifierError('MODEL_NOT_INSTALLED', `no model installed at ${dir} (run \`parapet models pull\`)`);
    }
    throw new ClassifierError('MODEL_INVALID', `cannot read ${path}: ${(error as Error).message}`, false, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ClassifierError('MODEL_INVALID', `${path} is not valid JSON`);
  }
  const parsed = modelManifestSchema.safeParse(json, { error: issueMessages });
  if (!parsed.success) throw new ClassifierError('MODEL_INVALID', `${path}: ${formatIssues(parsed.error.issues).join('; ')}`);
  return parsed.data;
}

/** Atomic: a reader sees the old manifest, no manifest, or the new one, never half of one. */
export async function writeManifest(dir: string, manifest: ModelManifest): Promise<void> {
  const valid = modelManifestSchema.parse(manifest);
  const temp = join(dir, `.${MANIFEST_FILE}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, `${JSON.stringify(valid, null, 2)}\n`, { mode: 0o644 });
    await rename(temp, join(dir, MANIFEST_FILE));
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
