// Cold start (engine spawn → sandboxed agent ready and clients served) and idle memory.
// Target: coldStartMs ≤ 1000; idle RSS engine ≤ 120 MB, agent ≤ 70 MB (docs/architecture.md, Testing).
import { setTimeout as sleep } from 'node:timers/promises';
import { rssMb, startEngineProcess } from './support/engine-process.mjs';

const RUNS = 5;

export async function benchColdStart() {
  const times = [];
  let rss = { engineRssMb: NaN, agentRssMb: NaN };
  for (let i = 0; i < RUNS; i++) {
    const engine = await startEngineProcess();
    times.push(engine.readyMs);
    if (i === RUNS - 1) {
      await sleep(2_000);
      rss = { engineRssMb: rssMb(engine.ready.pid), agentRssMb: rssMb(engine.ready.agentPid) };
    }
    await engine.stop();
  }
  times.sort((a, b) => a - b);
  return { coldStartMs: Math.round(times[Math.floor(times.length / 2)]), coldStartRunsMs: times.map(Math.round), ...rss };
}
