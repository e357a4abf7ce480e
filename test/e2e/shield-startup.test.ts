import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runStartUntilExit } from '../harness/parapet.js';

/* `parapet start` with a policy file the Shield refuses: the user sees the Shield's code, not a bare message. */

const homes: string[] = [];
afterAll(() => {
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

describe('a Shield that cannot be set up', () => {
  it('stops the engine with POLICY_INVALID and the key path at fault', async () => {
    const home = mkdtempSync(join(tmpdir(), 'parapet-shield-startup-'));
    homes.push(home);
    mkdirSync(join(home, 'workspace'));
    writeFileSync(join(home, 'broken-policy.yaml'), 'rules:\n  deny: 5\n');
    writeFileSync(join(home, 'config.yaml'), 'shield:\n  policy: broken-policy.yaml\n');
    const { code, output } = await runStartUntilExit(home);
    expect(code).not.toBe(0);
    expect(output).toMatch(/parapet-engine: POLICY_INVALID: invalid policy \S+broken-policy\.yaml:\n[^]*? {2}rules\.deny: expected array/u);
    expect(output).toMatch(/the engine failed to start/);
  });
});
