import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExecutionError } from './errors.js';
import { runExecutor, type RunOptions } from './run.js';

let root: string;
let ws: string;
let options: RunOptions;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-exec-')));
  ws = path.join(root, 'ws');
  mkdirSync(ws);
  options = { workspace: ws, timeoutMs: 10_000, maxOutputBytes: 1024, protectedPaths: [], protectedInodes: () => new Set(), redact: (text) => text };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const at = (...parts: string[]): string => path.join(ws, ...parts);

async function failure(promise: Promise<unknown>): Promise<ExecutionError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExecutionError) return error;
    throw error;
  }
  throw new Error('expected the executor to fail');
}

describe('read_file', () => {
  it('returns the text of a file', async () => {
    writeFileSync(at('a.txt'), 'hello\nworld');
    expect(await runExecutor('read_file', { path: at('a.txt') }, options)).toBe('hello\nworld');
  });

  it('caps a long file with a clear marker', async () => {
    writeFileSync(at('big.txt'), 'x'.repeat(5000));
    const out = await runExecutor('read_file', { path: at('big.txt') }, options);
    expect(out.startsWith('x'.repeat(1024))).toBe(true);
    expect(out).toContain('[truncated: the file is 5000 bytes, showing the first 1024]');
  });

  it('explains a missing file, a folder and a binary file in one line', async () => {
    expect((await failure(runExecutor('read_file', { path: at('nope.txt') }, options))).message).toBe('nope.txt: no such file or folder');
    mkdirSync(at('dir'));
    expect((await failure(runExecutor('read_file', { path: at('dir') }, options))).message).toContain('is a folder');
    writeFileSync(at('bin'), Buffer.from([1, 0, 2]));
    expect(await runExecutor('read_file', { path: at('bin') }, options)).toBe('bin: binary file (3 bytes), not shown');
  });

  it('refuses a FIFO instead of waiting for a writer', async () => {
    execFileSync('mkfifo', [at('pipe')]);
    expect((await failure(runExecutor('read_file', { path: at('pipe') }, options))).message).toBe('pipe: not a regular file');
  });

  it('refuses to follow a symlink at the final component', async () => {
    writeFileSync(path.join(root, 'secret.txt'), 'secret');
    symlinkSync(path.join(root, 'secret.txt'), at('link'));
    const error = await failure(runExecutor('read_file', { path: at('link') }, options));
    expect(error.message).toContain('symbolic link');
  });
});

describe('write_file', () => {
  it('creates a file and its folders, then replaces it atomically keeping its mode', async () => {
    expect(await runExecutor('write_file', { path: at('notes', 'day.md'), content: 'one' }, options)).toBe('Created notes/day.md (3 bytes)');
    writeFileSync(at('script.sh'), 'old', { mode: 0o750 });
    expect(await runExecutor('write_file', { path: at('script.sh'), content: 'new' }, options)).toBe('Replaced script.sh (3 bytes)');
    expect(readFileSync(at('notes', 'day.md'), 'utf8')).toBe('one');
    expect(readFileSync(at('script.sh'), 'utf8')).toBe('new');
    expect(statSync(at('script.sh')).mode & 0o777).toBe(0o750);
    expect(readdirSync(ws).filter((n) => n.includes('parapet'))).toEqual([]);
  });

  it('refuses to write over a folder', async () => {
    mkdirSync(at('dir'));
    expect((await failure(runExecutor('write_file', { path: at('dir'), content: 'x' }, options))).message).toBe('dir: is a folder');
  });
});

describe('list_directory', () => {
  it('lists folders with a slash and files with sizes, sorted', async () => {
    writeFileSync(at('b.txt'), '12345');
    mkdirSync(at('a-dir'));
    expect(await runExecutor('list_directory', { path: ws }, options)).toBe('.: 2 entries\na-dir/\nb.txt (5 bytes)');
  });

  it('says when the path is a file', async () => {
    writeFileSync(at('f'), '');
    expect((await failure(runExecutor('list_directory', { path: at('f') }, options))).message).toContain('is not a folder');
  });
});

describe('search_files', () => {
  beforeEach(() => {
    mkdirSync(at('notes'));
    writeFileSync(at('notes', 'todo.md'), 'buy milk\ncall Alice\n');
    writeFileSync(at('alice.txt'), 'nothing here');
    mkdirSync(at('node_modules'));
    writeFileSync(at('node_modules', 'alice.js'), 'alice');
  });

  it('finds names and lines, case-insensitively, skipping node_modules', async () => {
    const out = await runExecutor('search_files', { pattern: 'alice', path: ws }, options);
    expect(out.split('\n')).toEqual(['2 matches for "alice" in .', 'alice.txt (name)', 'notes/todo.md:2: call Alice']);
  });

  it('accepts /regex/ and reports an invalid one clearly', async () => {
    const out = await runExecutor('search_files', { pattern: '/^buy \\w+$/', path: ws }, options);
    expect(out).toContain('notes/todo.md:1: buy milk');
    expect((await failure(runExecutor('search_files', { pattern: '/(/', path: ws }, options))).message).toMatch(/^search_files: Invalid regular expression/);
  });

  it('skips protected paths and hard links to protected files', async () => {
    writeFileSync(path.join(root, 'config.yaml'), 'alice api key');
    linkSync(path.join(root, 'config.yaml'), at('innocent.txt'));
    writeFileSync(at('notes', 'engine.db'), 'alice');
    const st = statSync(path.join(root, 'config.yaml'));
    const out = await runExecutor('search_files', { pattern: 'alice', path: ws }, {
      ...options,
      protectedPaths: [at('notes', 'engine.db')],
      protectedInodes: () => new Set([`${st.dev}:${st.ino}`]),
    });
    expect(out).not.toContain('innocent.txt');
    expect(out).not.toContain('engine.db');
    expect(out).toContain('notes/todo.md');
  });

  it('stops a catastrophic regular expression at the deadline', async () => {
    writeFileSync(at('evil.txt'), `${'a'.repeat(40)}!`);
    const error = await failure(runExecutor('search_files', { pattern: '/^(a+)+$/', path: ws }, { ...options, timeoutMs: 300 }));
    expect(error.code).toBe('EXECUTION_TIMEOUT');
  });
});

describe('delete_file and move_file', () => {
  it('deletes a file but not a folder', async () => {
    writeFileSync(at('gone.txt'), 'x');
    expect(await runExecutor('delete_file', { path: at('gone.txt') }, options)).toBe('Deleted gone.txt');
    expect(existsSync(at('gone.txt'))).toBe(false);
    mkdirSync(at('dir'));
    expect((await failure(runExecutor('delete_file', { path: at('dir') }, options))).message).toContain('files only');
  });

  it('moves into new folders and never overwrites', async () => {
    writeFileSync(at('a.txt'), 'A');
    writeFileSync(at('b.txt'), 'B');
    expect(await runExecutor('move_file', { source: at('a.txt'), destination: at('archive', 'a.txt') }, options)).toBe('Moved a.txt to archive/a.txt');
    expect(readFileSync(at('archive', 'a.txt'), 'utf8')).toBe('A');
    const error = await failure(runExecutor('move_file', { source: at('archive', 'a.txt'), destination: at('b.txt') }, options));
    expect(error.message).toBe('b.txt: already exists (move_file does not overwrite)');
    expect(readFileSync(at('b.txt'), 'utf8')).toBe('B');
  });
});

describe('execute_command in the engine process (weak mode)', () => {
  it('runs in the workspace with only the allowlisted environment, HOME at the workspace', async () => {
    process.env['PARAPET_WEAK_MODE_SECRET'] = 'do-not-leak';
    try {
      const output = await runExecutor('execute_command', { command: 'pwd; echo "$HOME"; env | grep -c PARAPET_; exit 2' }, options);
      expect(output).toBe(`${ws}\n${ws}\n0\n[exit code 2]`);
    } finally {
      delete process.env['PARAPET_WEAK_MODE_SECRET'];
    }
  });

  it('kills the process group at the deadline and answers only once it is gone', async () => {
    const error = await failure(runExecutor('execute_command', { command: 'sleep 985.301 & sleep 985.302; echo never' }, { ...options, timeoutMs: 300 }));
    expect(error).toMatchObject({ code: 'EXECUTION_TIMEOUT', message: 'execute_command: timed out after 300 ms; the command and everything it started were killed' });
    const left = readdirSync('/proc')
      .filter((name) => /^\d+$/u.test(name))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('985.30');
        } catch {
          return false;
        }
      });
    expect(left).toEqual([]);
  });

  it('runs git with an argument list: a message that looks like shell is only a message', async () => {
    execFileSync('git', ['init', '-q', ws]);
    // In weak mode the engine's view has no git identity of Parapet's own: the repository names one.
    execFileSync('git', ['-C', ws, 'config', 'user.name', 'Tester']);
    execFileSync('git', ['-C', ws, 'config', 'user.email', 'tester@example.invalid']);
    writeFileSync(at('a.txt'), 'x\n');
    await runExecutor('git_add', { path: ws, paths: ['a.txt'] }, options);
    const marker = at('injected');
    const output = await runExecutor('git_commit', { path: ws, message: `$(touch ${marker}); touch ${marker}`, all: false }, options);
    expect(output).toMatch(/\[exit code 0\]$/u);
    expect(existsSync(marker)).toBe(false);
    expect(execFileSync('git', ['-C', ws, 'log', '--format=%s'], { encoding: 'utf8' })).toBe(`$(touch ${marker}); touch ${marker}\n`);
  });
});
