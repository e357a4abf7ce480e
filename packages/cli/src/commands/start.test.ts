import { describe, expect, it } from 'vitest';
import { engineMainPath } from '../engine-entry.js';
import { homePaths } from '../paths.js';
import { describeSupervisorEvent, describeSupervisorResult, engineArgs } from './start.js';

const paths = homePaths('/home/u/.parapet');

describe('parapet start', () => {
  it('passes home, workspace and the mode flags to the engine', () => {
    expect(engineArgs('/e/main.js', '/h', {})).toEqual(['/e/main.js', '--home', '/h', '--exit-with-parent']);
    expect(engineArgs('/e/main.js', '/h', { workspace: '/w', demo: true, weakSandbox: true, logLevel: 'debug', maxRestartDelay: 300 })).toEqual([
      '/e/main.js', '--home', '/h', '--workspace', '/w', '--demo', '--weak-sandbox', '--log-level', 'debug', '--max-restart-delay', '300', '--exit-with-parent',
    ]);
  });

  it('finds the engine entry inside the installed engine package', () => {
    let located: string;
    try {
      located = engineMainPath();
    } catch (error) {
      located = (error as Error).message;
      expect(located).toContain('run `npm run build`');
    }
    expect(located).toMatch(/packages\/engine\/dist\/bundle\/engine\.mjs/);
  });

  it('says where the engine listens and that demo mode is on', () => {
    const line = describeSupervisorEvent({ type: 'ready', pid: 77, info: { event: 'ready', demo: true } }, paths);
    expect(line).toContain('engine ready (pid 77); clients connect at /home/u/.parapet/run/engine.sock');
    expect(line).toContain('DEMO MODE');
    const real = describeSupervisorEvent({ type: 'ready', pid: 77, info: { event: 'ready', demo: false, model: 'gpt-4o-mini' } }, paths);
    expect(real).toContain('model: gpt-4o-mini');
    expect(real).not.toContain('DEMO');
  });

  it('explains crashes and restarts, and says when the engine keeps crashing', () => {
    expect(describeSupervisorEvent({ type: 'crashed', code: null, signal: 'SIGSEGV', restartInMs: 500, restart: 1, crashesInWindow: 1 }, paths)).toBe(
      'parapet: engine crashed (killed by SIGSEGV); restart 1 in 500 ms',
    );
    expect(describeSupervisorEvent({ type: 'crashed', code: 1, signal: null, restartInMs: 8000, restart: 9, crashesInWindow: 6 }, paths)).toBe(
      'parapet: engine crashed (exit code 1); restart 9 in 8000 ms (DEGRADED: 6 crashes within a minute; still retrying)',
    );
    expect(describeSupervisorResult({ reason: 'failed-to-start', exitCode: 1, detail: 'exit code 1' })).toContain('failed to start');
  });
});
