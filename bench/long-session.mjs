// Memory and turn cost over one long session: 500 turns of ~5 KB answers in ONE session. Reports
// the RSS of engine and agent after turn 10 and after turn 500 (target: growth ≤ 20%) and the CPU
// the engine and agent spend on a turn around turn 500 against around turn 10 (target ≤ 1.2×).
// CPU time of the two processes, not wall time, is what Parapet adds to a turn: the wall time also
// holds the scripted model parsing an ever longer request, and the load of a shared machine; it is
// reported beside it. Each request carries the whole history (no compaction here), so the model's
// share grows with the session by design.
import { startScriptedModel } from '@parapet/shield/testing';
import { rssMb, startEngineProcess } from './support/engine-process.mjs';
import { connectClient, cpuMs, median, runTurn } from './support/turns.mjs';

const TURNS = 500;
const EARLY = 10;
/** Turns on each side of turn 10 and turn 500 whose CPU and wall times are compared. */
const WINDOW = 10;
const ANSWER = `${'All work and no play makes a long answer. '.repeat(120)}`.slice(0, 5_000);

export async function benchLongSession() {
  const model = await startScriptedModel({ respond: () => ({ text: ANSWER }), recordRequests: false });
  const engine = await startEngineProcess({ llmUrl: model.url });
  const processes = { engine: engine.ready.pid, agent: engine.ready.agentPid };
  try {
    const connection = connectClient(engine);
    let sessionId;
    const perTurn = [];
    const rss = {};
    for (let turn = 1; turn <= TURNS; turn++) {
      const cpuBefore = cpuMs(processes.engine) + cpuMs(processes.agent);
      const result = await runTurn(connection, `message ${turn}`, sessionId ? { sessionId } : {});
      perTurn.push({ cpuMs: cpuMs(processes.engine) + cpuMs(processes.agent) - cpuBefore, wallMs: result.us / 1e3 });
      sessionId ??= result.sessionId;
      if (!sessionId) throw new Error('long session: the engine named no session');
      if (turn === EARLY || turn === TURNS) rss[turn] = { engine: rssMb(processes.engine), agent: rssMb(processes.agent) };
    }
    connection.close();
    // Sums over a window: CPU time from /proc ticks in 10 ms steps, too coarse for one turn.
    const cpuOver = (from, to) => perTurn.slice(from - 1, to).reduce((sum, t) => sum + t.cpuMs, 0) / (to - from + 1);
    const wallAround = (from, to) => median(perTurn.slice(from - 1, to).map((t) => t.wallMs));
    const early = { cpuMs: cpuOver(EARLY - WINDOW / 2 + 1, EARLY + WINDOW / 2), wallMs: wallAround(EARLY - WINDOW / 2 + 1, EARLY + WINDOW / 2) };
    const late = { cpuMs: cpuOver(TURNS - WINDOW + 1, TURNS), wallMs: wallAround(TURNS - WINDOW + 1, TURNS) };
    const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
    return {
      turns: TURNS,
      answerChars: ANSWER.length,
      rssMb: { engine: { atTurn10: rss[EARLY].engine, atTurn500: rss[TURNS].engine }, agent: { atTurn10: rss[EARLY].agent, atTurn500: rss[TURNS].agent } },
      rssGrowth: { engine: round(rss[TURNS].engine / rss[EARLY].engine, 2), agent: round(rss[TURNS].agent / rss[EARLY].agent, 2) },
      cpuMsPerTurn: { atTurn10: round(early.cpuMs), atTurn500: round(late.cpuMs) },
      turnCpuRatio: round(late.cpuMs / early.cpuMs, 2),
      wallMsPerTurn: { atTurn10: round(early.wallMs), atTurn500: round(late.wallMs) },
    };
  } finally {
    await engine.stop();
    await model.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${JSON.stringify(await benchLongSession(), null, 2)}\n`);
