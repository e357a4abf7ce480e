import { ParapetError, type AgentEvent__Output } from '@parapet/wire';
import { spawnAgentProcess, type AgentExit, type AgentProcess } from './agent-process.js';
import { awaitReady, describeExit } from './agent-ready.js';
import { openAgentSocketServer, type AgentConnection, type AgentSocketServer } from './agent-socket-server.js';
import { setOutCanaryBait } from './canary-bait.js';
import { DEFAULT_RESTART, createRestartPolicy } from './restart-policy.js';
import { assessSandbox } from './sandbox-assessment.js';
import { planAgentLaunch } from './sandbox-launch.js';
import { createSpawnToken } from './spawn-token.js';
import { startTurnRelay, turnIdOf, type TurnRelay } from './turn-relay.js';
import { sandboxUnsafeMessage } from './sandbox-message.js';
import type { TurnHandlers, TurnInput, TurnReply } from '../turn/ports.js';
import type { AgentHost, AgentHostOptions, AgentState, SandboxReport } from './types.js';

const DEFAULT_READY_TIMEOUT_MS = 10_000;
const SHUTDOWN_GRACE_MS = 2000;
/** Turns the engine ended (cancelled) whose end the agent has not reported yet; oldest dropped first. */
const MAX_ENDED_TURNS = 256;

type Phase = 'idle' | 'starting' | 'ready' | 'restarting' | 'failed' | 'stopping' | 'stopped';

interface LiveAgent {
  process: AgentProcess;
  connection: AgentConnection;
}

interface QueuedTurn {
  input: TurnInput;
  handlers: TurnHandlers;
  signal: AbortSignal | undefined;
  resolve(value: TurnReply): void;
  reject(error: ParapetError): void;
  relay?: TurnRelay;
}

/**
 * Owns the sandboxed agent: spawns it, authenticates its session, refuses it when its sandbox is not
 * in force, restarts it when it dies, and runs turns on it. Turns run side by side (the agent keys
 * them by turn id), so a turn waiting for a human holds up only its own session; the turn runner's
 * lanes keep the turns of one session in order.
 */
export function createAgentHost(options: AgentHostOptions): AgentHost {
  const { logger } = options;
  const policy = createRestartPolicy(options.restart ?? DEFAULT_RESTART);
  const readyTimeoutMs = options.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;
  let phase: Phase = 'idle';
  let server: AgentSocketServer | undefined;
  let live: LiveAgent | undefined;
  let launching: Promise<void> | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let nextRestartAt = 0;
  let restarts = 0;
  let lastError = '';
  let sandbox: SandboxReport = {
    mode: options.sandbox,
    permissionModel: false,
    networkNamespace: false,
    emptyEnvironment: false,
    canaries: [],
    missing: ['unknown: the agent has not started'],
  };
  const queue: QueuedTurn[] = [];
  const active = new Map<string, QueuedTurn>();
  // Late events of these turns still reach their relay, which refuses (and audits) any proposal.
  const endedTurns = new Map<string, TurnRelay>();

  const halted = (): boolean => phase === 'stopping' || phase === 'stopped';

  async function launch(socketServer: AgentSocketServer): Promise<void> {
    const token = createSpawnToken();
    const bait = await setOutCanaryBait(options.workspace);
    let agent: AgentProcess | undefined;
    try {
      const plan = await planAgentLaunch({
        agentEntry: options.agentEntry,
        socketPath: socketServer.socketPath,
        canaryPath: bait.canaryPath,
        canaryPort: bait.port,
        networkNamespace: options.networkNamespace ?? true,
      });
      logger.debug({ command: plan.command, args: plan.args, networkNamespace: plan.networkNamespace }, 'launching the agent');
      const accepted = socketServer.expect(token);
      const spawnedAt = performance.now();
      agent = spawnAgentProcess(plan, token, logger);
      const { ready, connection } = await awaitReady(accepted, agent, readyTimeoutMs);
      const coldStartMs = Math.round(performance.now() - spawnedAt);
      const assessment = assessSandbox(options.sandbox, plan, ready.canaries, await bait.observe());
      sandbox = assessment.report;
      if (halted()) throw new ParapetError('AGENT_UNAVAILABLE', 'the agent host is stopping');
      if (assessment.unsafe.length > 0) {
        const missing = assessment.unsafe.join(', ');
        if (options.sandbox === 'strict') {
          logger.error({ missing: sandbox.missing, canaries: sandbox.canaries }, 'agent sandbox unsafe: refusing to run the agent');
          connection.send({ shutdown: { reason: 'sandbox unsafe' } });
          connection.close();
          throw new ParapetError('SANDBOX_UNSAFE', sandboxUnsafeMessage(assessment.unsafe));
        }
        logger.warn(
          { missing: sandbox.missing, canaries: sandbox.canaries },
          `WEAK SANDBOX: the agent runs WITHOUT ${missing}; a compromised agent could act on this machine`,
        );
      } else if (sandbox.missing.length > 0) {
        logger.warn({ missing: sandbox.missing }, 'agent sandbox layer not in force');
      }
      const current: LiveAgent = { process: agent, connection };
      live = current;
      connection.onEvent((event) => routeEvent(current, event));
      // A dropped stream means a lost agent: kill it so the exit path restarts it.
      connection.onClose(() => current.process.kill());
      void agent.exited.then((exit) => onAgentExit(current, exit));
      connection.send({ initial_tool_defs: options.initialToolDefs });
      logger.info({ pid: agent.pid, coldStartMs, sandbox: { ...sandbox, canaries: undefined } }, 'agent ready');
    } catch (error) {
      socketServer.cancelExpectation(new ParapetError('AGENT_UNAVAILABLE', 'agent launch abandoned'));
      if (agent) {
        agent.kill();
        await agent.exited;
      }
      throw error instanceof ParapetError ? error : new ParapetError('AGENT_UNAVAILABLE', `could not start the agent: ${String(error)}`, true);
    } finally {
      await bait.cleanup();
    }
  }

  function routeEvent(from: LiveAgent, event: AgentEvent__Output): void {
    if (live !== from) return;
    if (event.ready) {
      logger.warn({ pid: from.process.pid }, 'agent sent ready again; ignored');
      return;
    }
    const turnId = turnIdOf(event) ?? '';
    const relay = active.get(turnId)?.relay ?? endedTurns.get(turnId);
    if (!relay) {
      logger.debug({ event: event.event }, 'agent event outside a turn ignored');
      return;
    }
    relay.handle(event);
    if (relay.finished) endedTurns.delete(turnId);
  }

  function rememberEnded(relay: TurnRelay): void {
    if (relay.finished) return;
    endedTurns.set(relay.turnId, relay);
    if (endedTurns.size > MAX_ENDED_TURNS) {
      const oldest = endedTurns.keys().next().value;
      if (oldest !== undefined) endedTurns.delete(oldest);
    }
  }

  function onAgentExit(from: LiveAgent, exit: AgentExit): void {
    if (live !== from) return;
    live = undefined;
    endedTurns.clear();
    from.connection.close();
    const how = describeExit(exit);
    for (const entry of [...active.values()]) entry.relay?.fail(new ParapetError('AGENT_CRASHED', `the agent stopped mid-turn (${how})`, true));
    if (halted()) return;
    lastError = `the agent exited (${how})`;
    logger.error({ pid: from.process.pid, exit }, 'agent died');
    phase = 'restarting';
    scheduleRestart();
  }

  function scheduleRestart(): void {
    const decision = policy.next(Date.now());
    if (decision.degraded) {
      // Turns waiting now would wait for a crash-looping agent: refuse them, they can be retried.
      rejectQueued(new ParapetError('AGENT_UNAVAILABLE', `the agent is degraded (${lastError}); retrying in ${decision.delayMs} ms`, true));
      logger.error({ delayMs: decision.delayMs, restarts, deathsInWindow: decision.deathsInWindow }, 'agent degraded: it keeps dying; still restarting it');
    } else logger.warn({ delayMs: decision.delayMs, restarts }, 'restarting the agent');
    nextRestartAt = Date.now() + decision.delayMs;
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      nextRestartAt = 0;
      if (halted() || !server) return;
      restarts += 1;
      launching = launch(server).then(
        () => {
          phase = 'ready';
          pump();
        },
        (error: unknown) => {
          if (halted()) return;
          lastError = messageOf(error);
          scheduleRestart();
        },
      );
    }, decision.delayMs);
  }

  function rejectQueued(error: ParapetError): void {
    for (const entry of queue.splice(0)) entry.reject(error);
  }

  /** Hands every waiting turn to the agent (they wait only while it is not ready). */
  function pump(): void {
    while (phase === 'ready' && live) {
      const entry = queue.shift();
      if (!entry) return;
      const { connection } = live;
      const { turnId } = entry.input;
      active.set(turnId, entry);
      logger.debug({ turnId, sessionId: entry.input.sessionId }, 'turn handed to the agent');
      const relay = startTurnRelay(entry.input, entry.handlers, (directive) => connection.send(directive), logger);
      entry.relay = relay;
      relay.done.then(entry.resolve, entry.reject).finally(() => {
        if (active.get(turnId) === entry) active.delete(turnId);
        if (live?.connection === connection) rememberEnded(relay);
      });
    }
  }

  function unavailableReason(): string | undefined {
    if (phase === 'idle') return 'the agent has not been started';
    if (phase === 'failed') return `the agent is unavailable: ${lastError}`;
    if (halted()) return 'the agent host is stopped';
    if (phase === 'restarting' && policy.degraded(Date.now())) {
      return `the agent is degraded (${lastError}); next restart in ${Math.max(0, nextRestartAt - Date.now())} ms`;
    }
    return undefined;
  }

  return {
    async start() {
      if (phase !== 'idle') throw new ParapetError('AGENT_UNAVAILABLE', 'the agent host was already started');
      phase = 'starting';
      try {
        server = await openAgentSocketServer(options.runtimeDir, logger);
        launching = launch(server);
        await launching;
        phase = 'ready';
        pump();
      } catch (error) {
        if (!halted()) phase = 'failed';
        lastError = messageOf(error);
        rejectQueued(new ParapetError('AGENT_UNAVAILABLE', `the agent is unavailable: ${lastError}`));
        await server?.close();
        throw error instanceof ParapetError ? error : new ParapetError('AGENT_UNAVAILABLE', lastError);
      }
    },

    runTurn(input, handlers, signal) {
      const unavailable = unavailableReason();
      if (unavailable) return Promise.reject(new ParapetError('AGENT_UNAVAILABLE', unavailable, phase !== 'failed' && !halted()));
      if (signal?.aborted) return Promise.reject(new ParapetError('TURN_CANCELLED', 'the turn was cancelled before it started'));
      return new Promise<TurnReply>((resolve, reject) => {
        const onAbort = (): void => {
          const index = queue.indexOf(entry);
          if (index >= 0) {
            queue.splice(index, 1);
            reject(new ParapetError('TURN_CANCELLED', 'the turn was cancelled before it started'));
          } else entry.relay?.cancel('the turn was cancelled');
        };
        const entry: QueuedTurn = {
          input,
          handlers,
          signal,
          resolve: (value) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(value);
          },
          reject: (error) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(entry);
        pump();
      });
    },

    status() {
      const ready = phase === 'ready' && live !== undefined;
      return {
        pid: live?.process.pid ?? 0,
        ready,
        state: stateOf(phase, ready),
        degraded: policy.degraded(Date.now()),
        nextRestartMs: restartTimer ? Math.max(0, nextRestartAt - Date.now()) : 0,
        restarts,
        lastError,
        sandbox,
      };
    },

    async stop() {
      if (phase === 'stopped' || phase === 'stopping') return;
      phase = 'stopping';
      if (restartTimer) clearTimeout(restartTimer);
      const stopping = new ParapetError('AGENT_UNAVAILABLE', 'the agent host is stopping');
      rejectQueued(stopping);
      for (const entry of [...active.values()]) entry.relay?.fail(stopping);
      const current = live;
      if (current) {
        current.connection.send({ shutdown: { reason: 'the engine is stopping' } });
        const timer = setTimeout(() => current.process.kill(), SHUTDOWN_GRACE_MS);
        await current.process.exited;
        clearTimeout(timer);
      }
      live = undefined;
      await server?.close();
      await launching?.catch(() => undefined);
      phase = 'stopped';
    },
  };
}

function stateOf(phase: Phase, ready: boolean): AgentState {
  if (ready) return 'ready';
  if (phase === 'idle' || phase === 'ready') return 'starting';
  if (phase === 'stopping') return 'stopped';
  return phase;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
