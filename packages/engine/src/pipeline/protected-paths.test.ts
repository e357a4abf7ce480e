import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load.js';
import { engineProtectedPaths } from './protected-paths.js';

let home: string;
beforeEach(() => {
  home = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-protect-')));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

describe('engineProtectedPaths', () => {
  it('covers the database and its side files, config, runtime folder, token, a custom policy and the grants', () => {
    writeFileSync(path.join(home, 'my-policy.yaml'), 'x');
    writeFileSync(path.join(home, 'config.yaml'), 'shield:\n  policy: my-policy.yaml\n');
    const protection = engineProtectedPaths(loadConfig({ home, env: {} }), ['/opt/parapet/policies']);
    expect(protection.paths).toEqual(
      expect.arrayContaining([
        path.join(home, 'parapet.db'),
        path.join(home, 'parapet.db-wal'),
        path.join(home, 'config.yaml'),
        path.join(home, 'run'),
        path.join(home, 'run', 'client.token'),
        path.join(home, 'my-policy.yaml'),
        path.join(home, 'policies'),
        '/opt/parapet/policies',
      ]),
    );
    expect(protection.paths).not.toContain(path.join(home, 'workspace'));
    // Only files that exist have an inode to compare.
    expect(protection.inodes().size).toBe(2);
  });
});
