import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExecutionError } from './errors.js';
import { globToRegExp } from './grep.js';
import { runExecutor, type RunOptions } from './run.js';

let root: string;
let ws: string;
let options: RunOptions;

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-exec-more-')));
  ws = path.join(root, 'ws');
  mkdirSync(ws);
  options = { workspace: ws, timeoutMs: 10_000, maxOutputBytes: 4096, protectedPaths: [], protectedInodes: () => new Set(), redact: (text) => text };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const at = (...parts: string[]): string => path.join(ws, ...parts);

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExecutionError) return error.message;
    throw error;
  }
  throw new Error('expected the executor to fail');
}

describe('copy_file', () => {
  it('copies a file into a new folder and never replaces one unless asked', async () => {
    writeFileSync(at('a.txt'), 'first');
    expect(await runExecutor('copy_file', { source: at('a.txt'), destination: at('sub', 'b.txt'), overwrite: false }, options)).toBe('Created sub/b.txt as a copy of a.txt');
    expect(readFileSync(at('sub', 'b.txt'), 'utf8')).toBe('first');
    writeFileSync(at('a.txt'), 'second');
    expect(await failure(runExecutor('copy_file', { source: at('a.txt'), destination: at('sub', 'b.txt'), overwrite: false }, options))).toBe(
      'sub/b.txt: already exists (pass overwrite: true to replace it)',
    );
    expect(readFileSync(at('sub', 'b.txt'), 'utf8')).toBe('first');
    expect(await runExecutor('copy_file', { source: at('a.txt'), destination: at('sub', 'b.txt'), overwrite: true }, options)).toBe('Replaced sub/b.txt as a copy of a.txt');
    expect(readFileSync(at('sub', 'b.txt'), 'utf8')).toBe('second');
  });

  it('replaces a destination symlink instead of writing through it', async () => {
    writeFileSync(at('a.txt'), 'mine');
    writeFileSync(path.join(root, 'outside.txt'), 'keep');
    symlinkSync(path.join(root, 'outside.txt'), at('link.txt'));
    expect(await failure(runExecutor('copy_file', { source: at('a.txt'), destination: at('link.txt'), overwrite: true }, options))).toBe('link.txt: not a regular file, not replaced');
    expect(readFileSync(path.join(root, 'outside.txt'), 'utf8')).toBe('keep');
  });

  it('refuses to copy a folder', async () => {
    mkdirSync(at('dir'));
    expect(await failure(runExecutor('copy_file', { source: at('dir'), destination: at('dir2'), overwrite: false }, options))).toContain('copies files only');
  });
});

describe('create_directory and delete_directory', () => {
  it('creates nested folders, accepts an existing one, refuses a file in the way', async () => {
    expect(await runExecutor('create_directory', { path: at('a', 'b') }, options)).toBe('Created a/b/');
    expect(await runExecutor('create_directory', { path: at('a', 'b') }, options)).toBe('a/b/ already exists');
    writeFileSync(at('f'), '');
    expect(await failure(runExecutor('create_directory', { path: at('f') }, options))).toBe('f: already exists and is not a folder');
  });

  it('deletes an empty folder, and a full one only when recursive', async () => {
    mkdirSync(at('tree', 'inner'), { recursive: true });
    writeFileSync(at('tree', 'inner', 'x.txt'), 'x');
    expect(await failure(runExecutor('delete_directory', { path: at('tree'), recursive: false }, options))).toBe(
      'tree: folder is not empty (pass recursive: true to delete everything in it)',
    );
    expect(await runExecutor('delete_directory', { path: at('tree'), recursive: true }, options)).toBe('Deleted tree/ and everything in it');
    expect(existsSync(at('tree'))).toBe(false);
    mkdirSync(at('empty'));
    expect(await runExecutor('delete_directory', { path: at('empty'), recursive: false }, options)).toBe('Deleted empty/');
  });

  it('removes symlinks inside a tree without following them', async () => {
    mkdirSync(path.join(root, 'outside'));
    writeFileSync(path.join(root, 'outside', 'keep.txt'), 'keep');
    mkdirSync(at('tree'));
    symlinkSync(path.join(root, 'outside'), at('tree', 'link'));
    await runExecutor('delete_directory', { path: at('tree'), recursive: true }, options);
    expect(readFileSync(path.join(root, 'outside', 'keep.txt'), 'utf8')).toBe('keep');
  });

  it('refuses the workspace root, a folder holding protected paths, and a file', async () => {
    expect(await failure(runExecutor('delete_directory', { path: ws, recursive: true }, options))).toBe('.: the workspace root is never deleted');
    mkdirSync(at('state'));
    const guarded = { ...options, protectedPaths: [at('state', 'parapet.db')] };
    expect(await failure(runExecutor('delete_directory', { path: at('state'), recursive: true }, guarded))).toBe("state: holds the engine's own state, not deleted");
    writeFileSync(at('file'), '');
    expect(await failure(runExecutor('delete_directory', { path: at('file'), recursive: true }, options))).toBe('file: not a folder (use delete_file for files)');
  });
});

describe('grep', () => {
  it('prints path:line: text for matching lines of files whose name matches the glob', async () => {
    mkdirSync(at('src'));
    writeFileSync(at('src', 'a.ts'), 'const a = 1;\n// TODO: fix\n');
    writeFileSync(at('src', 'b.md'), 'TODO in markdown\n');
    writeFileSync(at('src', 'c.ts'), 'todo lower\n');
    const out = await runExecutor('grep', { pattern: 'TODO', path: at('src'), glob: '*.ts', case_sensitive: true }, options);
    expect(out).toBe('1 matching line for /TODO/ in src\nsrc/a.ts:2: // TODO: fix');
    const loose = await runExecutor('grep', { pattern: 'todo', path: ws, glob: '*', case_sensitive: false }, options);
    expect(loose.split('\n').slice(1)).toEqual(['src/a.ts:2: // TODO: fix', 'src/b.md:1: TODO in markdown', 'src/c.ts:1: todo lower']);
  });

  it('matches the redacted text only and skips protected files', async () => {
    writeFileSync(at('env.txt'), 'KEY=sk-secret-value\n');
    writeFileSync(at('db.txt'), 'KEY=other\n');
    const redacting = { ...options, redact: (text: string) => text.replace(/sk-[a-z-]+/gu, '[REDACTED]'), protectedPaths: [at('db.txt')] };
    expect(await runExecutor('grep', { pattern: 'sk-s', path: ws, glob: '*', case_sensitive: true }, redacting)).toBe('0 matching lines for /sk-s/ in .');
    expect(await runExecutor('grep', { pattern: 'KEY', path: ws, glob: '*', case_sensitive: true }, redacting)).toBe('1 matching line for /KEY/ in .\nenv.txt:1: KEY=[REDACTED]');
  });

  it('reports a bad regular expression in one line', async () => {
    expect(await failure(runExecutor('grep', { pattern: '(', path: ws, glob: '*', case_sensitive: true }, options))).toMatch(/Invalid regular expression/u);
  });

  it('turns a glob into an anchored name pattern with literal dots', () => {
    expect(globToRegExp('*.ts').test('a.ts')).toBe(true);
    expect(globToRegExp('*.ts').test('ats')).toBe(false);
    expect(globToRegExp('file?.txt').test('file1.txt')).toBe(true);
    expect(globToRegExp('a+b(c)').test('a+b(c)')).toBe(true);
  });
});
