// `npm run bench`: every figure is a ratio or a measurement taken side by side in this one run.
// Prints one JSON object, then a table of figures against their targets (docs/architecture.md,
// Testing). A figure that could not be measured fails the run: it is never left out.
import { benchChronicleSnapshot } from './chronicle-snapshot.mjs';
import { benchClassifierOverhead } from './classifier-overhead.mjs';
import { benchColdStart } from './cold-start.mjs';
import { benchConcurrentTurns } from './concurrent-turns.mjs';
import { benchExecuteCommand } from './execute-command.mjs';
import { benchLongSession } from './long-session.mjs';
import { benchShieldLatency } from './shield-latency.mjs';
import { benchToolCallOverhead } from './tool-call-overhead.mjs';
import { benchTurnOverhead } from './turn-overhead.mjs';
import { benchWsFanout } from './ws-fanout.mjs';

const toolCall = await benchToolCallOverhead();
const turn = await benchTurnOverhead(toolCall.echoRoundTripUs);
const longSession = await benchLongSession();
const coldStart = await benchColdStart();
const shield = await benchShieldLatency();
const classifier = await benchClassifierOverhead();
const command = await benchExecuteCommand();
const fanout = await benchWsFanout();
const chronicle = await benchChronicleSnapshot();
const concurrent = await benchConcurrentTurns();

const result = {
  toolCallOverheadRatio: toolCall.toolCallOverheadRatio,
  toolCallUs: toolCall.toolCallUs,
  toolCallEngineCpuUs: toolCall.toolCallEngineCpuUs,
  toolCallConcurrent: toolCall.concurrent,
  echoRoundTripUs: toolCall.echoRoundTripUs,
  toolCallIdleEcho: toolCall.idleEcho,
  turnOverhead: turn,
  longSession,
  coldStartMs: coldStart.coldStartMs,
  coldStartRunsMs: coldStart.coldStartRunsMs,
  idleRssMb: { engine: coldStart.engineRssMb, agent: coldStart.agentRssMb },
  shieldTier01LatencyUs: { p50: shield.p50Us, p99: shield.p99Us, cases: shield.cases },
  classifierOverheadRatio: classifier.overheadRatio,
  classifierUs: { rawRun: classifier.rawRunUs, classify: classifier.fullClassifyUs },
  executeCommandRatio: command.executeCommandRatio,
  executeCommandUs: { pipeline: command.executeCommandUs, bashDirect: command.bashDirectUs, isolatedDirect: command.isolatedDirectUs },
  wsFanout: fanout,
  chronicleSnapshotRatio: chronicle.ratio,
  chronicleSnapshotMs: { snapshot: chronicle.snapshotMs, statWalk: chronicle.statWalkMs, files: chronicle.files, megabytes: chronicle.megabytes },
  concurrentTurns: concurrent,
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n\n`);

const ls = result.longSession;
const rows = [
  ['tool call overhead vs grpc echo (one call alone)', result.toolCallOverheadRatio, '×', '≤ 3× (goal 1.5×)'],
  ['tool call', result.toolCallUs, ' µs', `grpc echo ${result.echoRoundTripUs} µs`],
  ['tool call: engine CPU', result.toolCallEngineCpuUs, ' µs', 'reported'],
  ['tool call vs grpc echo after the same idle', result.toolCallIdleEcho.toolCallRatio, '×', `reported; echo ${result.toolCallIdleEcho.echoRoundTripUs} µs after ${result.toolCallIdleEcho.idleMs} ms`],
  [`tool call, ${result.toolCallConcurrent.calls} at once, vs grpc echo`, result.toolCallConcurrent.ratio, '×', `reported; ${result.toolCallConcurrent.toolCallUs} µs a call`],
  [`tool call, ${result.toolCallConcurrent.calls} at once: engine CPU`, result.toolCallConcurrent.engineCpuUs, ' µs', 'reported'],
  ['turn: added to first token', turn.addedFirstTokenUs, ' µs', `direct openai SDK ${turn.directUs.firstToken} µs`],
  ['turn: added to whole turn', turn.addedTurnUs, ' µs', `direct openai SDK ${turn.directUs.turn} µs`],
  ['turn: added vs grpc echo', turn.addedTurnVsEcho, '×', 'reported'],
  ['long session: engine RSS turn 500 / turn 10', ls.rssGrowth.engine, '×', `≤ 1.2× (${ls.rssMb.engine.atTurn10} → ${ls.rssMb.engine.atTurn500} MB)`],
  ['long session: agent RSS turn 500 / turn 10', ls.rssGrowth.agent, '×', `≤ 1.2× (${ls.rssMb.agent.atTurn10} → ${ls.rssMb.agent.atTurn500} MB)`],
  ['long session: turn CPU turn 500 / turn 10', ls.turnCpuRatio, '×', `≤ 1.2× (${ls.cpuMsPerTurn.atTurn10} → ${ls.cpuMsPerTurn.atTurn500} ms)`],
  ['long session: turn wall time at turn 500', ls.wallMsPerTurn.atTurn500, ' ms', `reported; ${ls.wallMsPerTurn.atTurn10} ms at turn 10`],
  ['cold start (engine + agent ready)', result.coldStartMs, ' ms', '≤ 1000 ms'],
  ['idle RSS engine', result.idleRssMb.engine, ' MB', '≤ 120 MB'],
  ['idle RSS agent', result.idleRssMb.agent, ' MB', '≤ 70 MB'],
  ['Shield tiers 0–1 p99', result.shieldTier01LatencyUs.p99, ' µs', '≤ 200 µs'],
  ['classifier overhead vs session.run', result.classifierOverheadRatio, '×', '≤ 1.10×'],
  ['execute_command "true" vs bash -c true', result.executeCommandRatio, '×', '≤ 1.5×'],
  [`ws fan-out p99, ${fanout.watchers} watchers`, fanout.engine.p99Ms, ' ms', `≤ 50 ms; bare ws ${fanout.bare.p99Ms} ms`],
  [`ws fan-out p50, ${fanout.watchers} watchers`, fanout.engine.p50Ms, ' ms', `bare ws ${fanout.bare.p50Ms} ms`],
  [`ws fan-out CPU for the turn, ${fanout.watchers} watchers`, fanout.engine.turnCpuMs, ' ms', `bare ws ${fanout.bare.turnCpuMs} ms`],
  [`engine RSS, ${fanout.watchers} watchers`, fanout.engineRssMb.watchersConnected, ' MB', `${fanout.engineRssMb.before} MB before`],
  ['chronicle snapshot (unchanged 10k files) vs stat walk', result.chronicleSnapshotRatio, '×', '≤ 2×'],
  [`${concurrent.sessions} sessions at once vs one alone (wall)`, concurrent.ratio, '×', `≤ 2×; ${concurrent.allTurnsMs} ms vs ${concurrent.singleTurnMs} ms`],
  [`${concurrent.sessions} sessions: throughput`, concurrent.turnsPerSecond, ' turns/s', `model ${concurrent.firstTokenMs} ms to first token`],
  [`${concurrent.sessions} sessions: turn latency p50`, concurrent.latencyMs.p50, ' ms', `one alone ${concurrent.singleTurnMs} ms`],
  [`${concurrent.sessions} sessions: turn latency p99`, concurrent.latencyMs.p99, ' ms', `one alone ${concurrent.singleTurnMs} ms`],
  [`${concurrent.sessions} sessions: engine CPU per turn`, concurrent.engineCpuMsPerTurn, ' ms', 'reported'],
  [`${concurrent.sessions} sessions: agent CPU per turn`, concurrent.agentCpuMsPerTurn, ' ms', 'reported'],
];
const width = Math.max(...rows.map((r) => r[0].length));
for (const [name, value, unit, target] of rows) process.stdout.write(`${name.padEnd(width)}  ${`${value}${unit}`.padStart(12)}  (target ${target})\n`);

const unmeasured = rows.filter(([, value]) => typeof value !== 'number' || !Number.isFinite(value)).map(([name]) => name);
if (unmeasured.length > 0) {
  process.stderr.write(`bench: could not measure ${unmeasured.join('; ')}\n`);
  process.exitCode = 1;
}
