import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Target } from '../pipeline/index.js';
import { MAX_DIFF_CHARS, MAX_FIELDS_CHARS, diffForWrite, summarizeAction } from './describe-action.js';

let workspace: string;
beforeEach(() => {
  workspace = realpathSync(mkdtempSync(path.join(tmpdir(), 'parapet-describe-')));
});
afterEach(() => rmSync(workspace, { recursive: true, force: true }));

function target(name: string, kind: Target['kind']): Target {
  return { field: 'path', access: 'write', requested: name, path: path.join(workspace, name), kind, fingerprint: 'f' };
}

describe('what a human is shown', () => {
  it('a write: the path relative to the workspace, its size, and the changed lines', () => {
    writeFileSync(path.join(workspace, 'USER.md'), '# User\nAna.\nLikes tea.\n');
    const payload = { path: path.join(workspace, 'USER.md'), content: '# User\nAna.\nLikes coffee.\n' };
    const targets = [target('USER.md', 'file')];
    expect(summarizeAction('write_file', payload, targets, workspace)).toBe('write_file USER.md (26 bytes)');
    expect(diffForWrite(payload, targets)).toBe('  # User\n  Ana.\n- Likes tea.\n+ Likes coffee.\n');
  });

  it('a new file is all additions; a move names both paths; a huge diff is cut', () => {
    expect(diffForWrite({ content: 'a\nb' }, [target('new.md', 'missing')])).toBe('+ a\n+ b\n');
    expect(summarizeAction('move_file', {}, [target('a.md', 'file'), target('b.md', 'missing')], workspace)).toBe('move_file a.md → b.md');
    const long = Array.from({ length: 300 }, (_, i) => `line ${i} ${'x'.repeat(40)}`).join('\n');
    const diff = diffForWrite({ content: long }, [target('big.md', 'missing')]);
    expect(diff.length).toBeLessThan(MAX_DIFF_CHARS + 100);
    expect(diff).toMatch(/more chars of diff\]\n$/u);
  });

  it('an action without paths: where it goes and what it says, not only the tool', () => {
    expect(summarizeAction('http_request', { method: 'GET', url: 'http://127.0.0.1:2375/containers/json' }, [], workspace)).toBe(
      'http_request {"method":"GET","url":"http://127.0.0.1:2375/containers/json"}',
    );
    const mail = { to: 'jo@example.com', subject: 'Chapter 3', attachments: [path.join(workspace, 'ch3.md')] };
    const attachment: Target = { ...target('ch3.md', 'file'), field: 'attachments', access: 'read' };
    expect(summarizeAction('send_email', mail, [attachment], workspace)).toBe('send_email ch3.md {"to":"jo@example.com","subject":"Chapter 3"}');
    const long = summarizeAction('agent_message', { to_agent: 'mail', message: 'x'.repeat(1000) }, [], workspace);
    expect(long.length).toBeLessThan(MAX_FIELDS_CHARS + 60);
    expect(long).toMatch(/more chars\]$/u);
  });
});
