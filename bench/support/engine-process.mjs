// Starts the real engine process (engine → sandboxed agent) on a temporary home for the benches.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const engineMain = fileURLToPath(new URL('../../packages/engine/dist/bundle/engine.mjs', import.meta.url));

/**
 * Resolves once the engine printed its ready line; `readyMs` is spawn → ready (agent included).
 * `rateLimitPerMinute` sets the Shield's action rate limit and `maxToolCallsPerReply` the agent's
 * per-reply cap (the engine's defaults otherwise); `extraConfig` is appended YAML; `nodeArgs` go to
 * the engine's node, by default those in PARAPET_BENCH_ENGINE_NODE_ARGS (e.g. `--cpu-prof` to
 * profile the engine under any bench).
 */
export async function startEngineProcess({ llmUrl, rateLimitPerMinute, maxToolCallsPerReply, extraConfig, nodeArgs = engineNodeArgsFromEnv() } = {}) {
  const home = mkdtempSync(join(tmpdir(), 'parapet-bench-'));
  const workspace = join(home, 'workspace');
  mkdirSync(workspace);
  const config = [
    ...(llmUrl ? [`llm:\n  base_url: ${llmUrl}\n  model: bench\n`] : []),
    ...(rateLimitPerMinute ? [`shield:\n  rate_limit_per_minute: ${rateLimitPerMinute}\n`] : []),
    ...(maxToolCallsPerReply ? [`agent:\n  max_tool_calls_per_reply: ${maxToolCallsPerReply}\n`] : []),
    ...(extraConfig ? [extraConfig] : []),
  ];
  if (config.length > 0) writeFileSync(join(home, 'config.yaml'), config.join(''));
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [...nodeArgs, engineMain, '--home', home, '--workspace', workspace], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk.toString()));
  const ready = await new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      try {
        const event = JSON.parse(line);
        if (event.event === 'ready') resolve(event);
      } catch {
        // not a JSON line: ignore
      }
    });
    child.once('exit', (code) => reject(new Error(`engine exited (${code}) before ready: ${stderr}`)));
  });
  const readyMs = Number(process.hrtime.bigint() - started) / 1e6;
  return {
    child,
    home,
    workspace,
    ready,
    readyMs,
    token: () => readFileSync(join(home, 'run', 'client.token'), 'utf8').trim(),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

function engineNodeArgsFromEnv() {
  return (process.env.PARAPET_BENCH_ENGINE_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/** Resident set size of a process in MB, from /proc. */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round((kb / 1024) * 10) / 10;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (clock-tick resolution). */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Math.round((ticks * 1000) / 100);
}
