import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Proves the lint rule in eslint.config.js keeps the agent from importing anything that can act. */
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function importErrors(source: string, relativePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(repoRoot, relativePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const agentFile = 'packages/agent/src/loop/lint-fixture.ts';
const forbidden = ['node:fs', 'node:child_process', 'node:net', 'node:http', 'better-sqlite3', '@parapet/engine'];

describe('agent import boundary (lint)', () => {
  it.each(forbidden)('rejects `%s` anywhere in the agent', async (specifier) => {
    const errors = await importErrors(`import * as m from '${specifier}';\nexport const used = m;\n`, agentFile);
    expect(errors).toHaveLength(1);
  });

  it('rejects re-exports of forbidden modules too', async () => {
    const errors = await importErrors(`export { readFileSync } from 'fs';\n`, agentFile);
    expect(errors).toHaveLength(1);
  });

  it('allows the wire contract, grpc-js and harmless builtins', async () => {
    const source = [
      "import { credentials } from '@grpc/grpc-js';",
      "import { ParapetError } from '@parapet/wire';",
      "import { randomUUID } from 'node:crypto';",
      'export const used = [credentials, ParapetError, randomUUID];',
      '',
    ].join('\n');
    expect(await importErrors(source, agentFile)).toEqual([]);
  });

  it('exempts only the canary probes, which must attempt what the sandbox denies', async () => {
    const source = "import { readFileSync } from 'node:fs';\nexport const used = readFileSync;\n";
    expect(await importErrors(source, 'packages/agent/src/sandbox/canary-probes.ts')).toEqual([]);
    expect(await importErrors(source, 'packages/agent/src/sandbox/other-file.ts')).toHaveLength(1);
  });

  it('applies to the agent only: the engine may use node:fs', async () => {
    const source = "import { readFileSync } from 'node:fs';\nexport const used = readFileSync;\n";
    expect(await importErrors(source, 'packages/engine/src/lint-fixture.ts')).toEqual([]);
  });
});
