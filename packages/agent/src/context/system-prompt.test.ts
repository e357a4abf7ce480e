import { describe, expect, it } from 'vitest';
import { assembleSystemPrompt } from './system-prompt.js';

const file = (name: string, content: string) => ({ name, content });

describe('assembleSystemPrompt', () => {
  it('puts IDENTITY, SOUL and USER first in that order, whatever order they arrive in', () => {
    const prompt = assembleSystemPrompt([file('USER.md', 'Ana, likes brevity'), file('SOUL.md', 'Calm'), file('IDENTITY.md', 'Parapet')], []);
    const positions = ['# IDENTITY.md', '# SOUL.md', '# USER.md'].map((h) => prompt.indexOf(h));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(prompt).toContain('Ana, likes brevity');
  });

  it('skips files that are missing or empty', () => {
    const prompt = assembleSystemPrompt([file('IDENTITY.md', 'Parapet'), file('USER.md', '   \n')], []);
    expect(prompt).toContain('# IDENTITY.md');
    expect(prompt).not.toContain('# SOUL.md');
    expect(prompt).not.toContain('# USER.md');
  });

  it('keeps other files the engine sent, after the well-known ones', () => {
    const prompt = assembleSystemPrompt([file('MEMORY.md', 'likes tea'), file('IDENTITY.md', 'Parapet')], []);
    expect(prompt.indexOf('# MEMORY.md')).toBeGreaterThan(prompt.indexOf('# IDENTITY.md'));
  });

  it('explains load_tools and lists the loadable groups', () => {
    const prompt = assembleSystemPrompt([], [{ name: 'files', description: 'workspace files' }]);
    expect(prompt).toContain('load_tools');
    expect(prompt).toContain('- files: workspace files');
  });
});
