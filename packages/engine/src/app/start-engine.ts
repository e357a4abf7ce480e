import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DestinationStream } from 'pino';
import { BUILTIN_POLICY_DIR, ClassifierError, createShield, ShieldPackageError, utcDay, type Shield, type Tier } from '@parapet/shield';
import { loadClassifier, readManifest, type OnnxClassifier } from '@parapet/shield/classifier';
import { DEFAULT_RESTART, createAgentHost, type AgentHost } from '../agent-host/index.js';
import { createApprovalDesk, type ApprovalDesk } from '../approvals/index.js';
import type { EngineConfig, LlmConfig } from '../config/index.js';
import { ConfigError, ensureDirectories } from '../config/index.js';
import type { ScriptedModel } from '@parapet/shield/testing';
import { DEMO_MODEL_NAME, demoPageHost, startDemoModel } from '../demo/index.js';
import { createEngineActions, routeActions } from '../engine-actions/index.js';
import { createBroadcaster, createEventRecorder } from '../events/index.js';
import { createExecutorHost, type ExecutorHost } from '../executor-host/index.js';
import { createCircuitBreaker, createFailoverRelay, createLlmRelay, DEFAULT_BREAKER, wireModelRelay, type FailoverRelay } from '../llm/index.js';
import { createInputGuard, createTermFilter } from '../guardrails/index.js';
import { createLogger, type Logger } from '../logging/index.js';
import { createToolPipeline, engineProtectedPaths } from '../pipeline/index.js';
import { createRedactor, type Redactor } from '../redact/index.js';
import { startClientServer, type ClientServer } from '../server/client-server.js';
import { writeClientToken } from '../server/client-token.js';
import { CUT_MARKER_MAX_BYTES, openStore, type Store } from '../storage/index.js';
import { createToolCatalog, metaToolDefs, toolGroups } from '../tools/index.js';
import { createTelegramBot } from '../telegram/index.js';
import { createTurnRunner, recoverUnfinishedTurns } from '../turn/index.js';
import { createWebAuth, startWebServer, webDistFolder, type WebServer } from '../web/index.js';
import { createBlobStore } from '../chronicle/blob-store.js';
import { createChronicle } from '../chronicle/chronicle.js';
import { createIdFactory } from '../storage/ids.js';
import { createChronicleApi } from './chronicle-api.js';
import { engineFile, engineVersion } from './package-files.js';
import { createTraceApi } from './trace-api.js';
import { createClientApi } from './client-api.js';
import { shieldConfigFor } from './shield-config.js';
import { shieldErrorToParapet } from './shield-errors.js';
import { startCommandEgress } from './command-egress.js';
import { createSessionAdmin } from './session-admin.js';
import { createPolicyGrants } from '../policy-grants/index.js';
import { statusSnapshot } from './status.js';

/** While the engine writes, its log reaches the database file (fsynced) at least this often. */
const CHECKPOINT_INTERVAL_MS = 50;
/** How many labelled sessions `status` lists; `parapet history ID` shows any other. */
const STATUS_LABELED_SESSIONS = 20;

export interface RunningEngine {
  readonly config: EngineConfig;
  readonly agentPid: () => number;
  /** A fresh one-time web login link; undefined when the web UI is off. */
  readonly webLoginUrl: () => string | undefined;
  stop(reason: string): Promise<void>;
}

/** Folder a prompt-injection model is installed in (`parapet models pull`). */
export function classifierDir(config: EngineConfig): string {
  return join(config.home, 'models', 'prompt-injection');
}

/** The executor's one-file bundle: the only engine code its confined view holds. */
function executorBundle(): string {
  return engineFile('dist', 'executor.bundle.cjs');
}

/** The launcher that confines each command the executor runs (built from native/confine-command.c). */
function commandLauncher(): string {
  return engineFile('dist', 'confine-command');
}

/** The agent's one-file bundle: the only file its sandbox may read. */
function agentEntry(): string {
  return fileURLToPath(import.meta.resolve('@parapet/agent/bundle'));
}

async function optionalClassifier(config: EngineConfig, logger: Logger): Promise<OnnxClassifier | undefined> {
  const dir = classifierDir(config);
  const pins = config.shield.classifierPins;
  if (!existsSync(dir)) {
    if (pins) logger.warn({ dir }, 'shield.classifier pins a prompt-injection model but none is installed: classifier absent (run `parapet models pull`)');
    return undefined;
  }
  try {
    await readManifest(dir);
    // The folder's own manifest cannot vouch for itself: whoever rewrites the files can rewrite it too.
    if (!pins) {
      throw new ConfigError(
        `shield.classifier: a prompt-injection model is installed at ${dir} but config.yaml pins no SHA-256 for it; ` +
          'set shield.classifier.model_sha256 and shield.classifier.tokenizer_sha256 (`parapet models pull` prints them)',
      );
    }
    const classifier = await loadClassifier(dir, { expectedSha256s: pins });
    logger.info({ dir }, 'prompt-injection classifier loaded');
    return classifier;
  } catch (error) {
    // A folder without its manifest or files is an install that never finished: absent, said loudly.
    if (error instanceof ClassifierError && error.code === 'MODEL_NOT_INSTALLED') {
      logger.warn({ dir, detail: error.message }, 'incomplete prompt-injection model folder: classifier treated as absent (run `parapet models pull`)');
      return undefined;
    }
    // A model that fails its pins is an error, never a silent "no classifier"; its code says which.
    if (error instanceof ConfigError) throw error;
    if (error instanceof ClassifierError) throw shieldErrorToParapet(error, 'shield.classifier');
    throw new ConfigError(`shield.classifier: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** The Shield, or its set-up failure as a coded error (so start-up prints e.g. `POLICY_INVALID: …`). */
function createShieldOrExplain(...args: Parameters<typeof createShield>): Shield {
  try {
    return createShield(...args);
  } catch (error) {
    throw error instanceof ShieldPackageError ? shieldErrorToParapet(error) : error;
  }
}

/** The highest tier that can ALLOW follows from what is configured: a human, an evaluator, or neither. */
function maxAllowTierFor(config: EngineConfig): Tier {
  if (config.shield.approvals.enabled) return 3;
  return config.shield.evaluator ? 2 : 1;
}

/** The primary and its fallbacks, each behind its own circuit breaker (in memory: a new engine starts them closed). */
function modelFailover(llm: LlmConfig, logger: Logger, redactor: Redactor): FailoverRelay {
  const endpoints = [llm, ...(llm.fallbacks ?? [])];
  return createFailoverRelay({
    routes: endpoints.map((endpoint, i) => ({
      role: i === 0 ? 'primary' : 'fallback',
      baseUrl: endpoint.baseUrl,
      model: endpoint.model,
      relay: createLlmRelay({ baseUrl: endpoint.baseUrl, model: endpoint.model, apiKey: endpoint.apiKey, timeoutMs: endpoint.timeoutMs, logger, redactor }),
      breaker: createCircuitBreaker({ ...DEFAULT_BREAKER, now: Date.now }),
    })),
    maxRetries: llm.maxRetries ?? 3,
    logger,
  });
}

/** Composition root: builds every part, starts the agent and the client server. */
export async function startEngine(
  config: EngineConfig,
  options: { readonly logger?: Logger; readonly logDestination?: DestinationStream } = {},
): Promise<RunningEngine> {
  const modelKeys = [config.llm, ...(config.llm?.fallbacks ?? [])].map((model) => model?.apiKey);
  const secrets = [...modelKeys, config.telegram?.token].filter((secret): secret is string => secret !== undefined);
  const redactor = createRedactor(secrets.length > 0 ? { secrets } : {});
  const logger =
    options.logger ??
    createLogger({ redactor, name: 'parapet-engine', level: config.log.level, ...(options.logDestination ? { destination: options.logDestination } : {}) });
  ensureDirectories(config);

  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async (reason: string): Promise<void> => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        logger.error({ err: error }, 'shutdown step failed');
      }
    }
    logger.info({ reason }, 'engine stopped');
  };

  try {
    const store: Store = openStore(config.paths.dbPath, {
      maxStoredTextBytes: config.limits.maxStoredMessageBytes,
      checkpoints: {
        intervalMs: CHECKPOINT_INTERVAL_MS,
        onFailure: (message) => logger.warn({ message }, 'WAL checkpoints are back on the engine thread'),
      },
    });
    cleanups.push(() => {
      store.audit.append('ENGINE_STOPPED', { data: { pid: process.pid } });
      store.close();
    });
    store.audit.append('ENGINE_STARTED', { data: { pid: process.pid, demo: config.demo } });
    const interrupted = recoverUnfinishedTurns(store);
    if (interrupted > 0) logger.warn({ turns: interrupted }, 'turns the previous engine left unfinished are marked interrupted');

    let llm = config.llm;
    let http = config.http;
    if (config.demo) {
      const demo: ScriptedModel = await startDemoModel();
      cleanups.push(() => demo.close());
      llm = { baseUrl: demo.url, model: DEMO_MODEL_NAME, timeoutMs: 30_000 };
      // The demo's own page (and nothing else on loopback) is reachable by `fetch`.
      http = { ...http, allowPrivateHosts: [...http.allowPrivateHosts, demoPageHost(demo)] };
      logger.info({ url: demo.url }, 'demo mode: a scripted model answers on loopback');
    }
    if (!llm) throw new Error('no model configured and demo mode off');
    const effective: EngineConfig = { ...config, llm };

    // The agent needs nothing built below: it boots in its own process while the engine wires up.
    const agent: AgentHost = createAgentHost({
      runtimeDir: config.paths.runtimeDir,
      workspace: config.workspace,
      agentEntry: agentEntry(),
      sandbox: config.agent.sandbox,
      networkNamespace: config.agent.networkNamespace,
      restart: { ...DEFAULT_RESTART, maxBackoffMs: config.agent.maxRestartDelayMs },
      initialToolDefs: { tools: metaToolDefs(), groups: toolGroups() },
      logger,
    });
    cleanups.push(() => agent.stop());
    const agentStart = agent.start();
    agentStart.catch(() => undefined);

    const classifier = await optionalClassifier(config, logger);
    if (classifier) cleanups.push(() => classifier.close());
    // Tier 2's spend lives in SQLite (reset by UTC day); its HTTP calls leave from this process only.
    const grants = createPolicyGrants({ home: config.home, workspace: config.workspace, store, logger });
    const shield: Shield = createShieldOrExplain(shieldConfigFor(config), {
      logger,
      userGrants: grants.userGrants,
      budgetStore: store.evaluatorBudget,
      ...(classifier ? { classifier } : {}),
    });

    const egress = await startCommandEgress(config, { shield, http, store, redactor });
    if (egress) cleanups.push(() => egress.close());
    const executor: ExecutorHost = createExecutorHost({
      workspace: config.workspace,
      bundle: executorBundle(),
      commandLauncher: commandLauncher(),
      runtimeDir: config.paths.runtimeDir,
      sandbox: config.agent.sandbox,
      logger,
      secrets: modelKeys.filter((key): key is string => key !== undefined),
      restart: { ...DEFAULT_RESTART, maxBackoffMs: config.agent.maxRestartDelayMs },
      ...(egress ? { egress: { dir: egress.dir, token: egress.token } } : {}),
    });
    cleanups.push(() => executor.stop());
    // Started beside the agent (each takes a process start); both must be up before clients connect.
    const executorStart = executor.start();
    executorStart.catch(() => undefined);

    const recorder = createEventRecorder(store.events, {
      onError: (error) => logger.error({ err: error }, 'could not store events for replay'),
    });
    cleanups.push(() => recorder.flush());
    const bus = createBroadcaster({
      queueLimitBytes: config.limits.subscriberQueueBytes,
      record: (event) => recorder.record(event),
      seqLedger: {
        reserved: (sessionId) => store.sessions.eventSeqReserved(sessionId),
        reserve: (sessionId, upTo) => store.sessions.reserveEventSeqs(sessionId, upTo),
      },
    });
    const engineActions = createEngineActions({
      http,
      memory: { workspace: config.workspace, memory: store.memory, redact: (text) => redactor.redact(text), now: () => new Date() },
      // The turn runner exists once the pipeline (which runs this action) does: bound at call time.
      subagents: { run: (request) => turns.runSubagent(request) },
    });
    const approvals: ApprovalDesk | undefined = config.shield.approvals.enabled
      ? createApprovalDesk({
          store,
          bus,
          redactor,
          workspace: config.workspace,
          timeoutMs: config.shield.approvals.timeoutMs,
          hourlyCap: config.shield.approvals.hourlyCap,
        })
      : undefined;
    if (approvals) {
      const denied = approvals.denyLeftovers();
      if (denied > 0) logger.warn({ approvals: denied }, 'approvals the previous engine left pending are denied');
      cleanups.push(() => approvals.close());
    }
    const catalog = createToolCatalog();
    const protection = engineProtectedPaths(config, [BUILTIN_POLICY_DIR]);
    const chronicle = createChronicle({
      store,
      blobs: createBlobStore(config.chronicle.dir),
      workspace: config.workspace,
      skip: protection.paths,
      maxBytes: config.chronicle.maxBytes,
      maxAgeDays: config.chronicle.maxAgeDays,
      newId: createIdFactory(),
      logger,
    });
    chronicle.prune();
    const tools = createToolPipeline({
      store,
      shield,
      redactor,
      workspace: config.workspace,
      protection,
      chronicle,
      ifcStrict: config.shield.policy.kind === 'builtin' && config.shield.policy.name === 'strict',
      executor: routeActions(executor, engineActions),
      minTier: config.shield.minTier,
      maxAllowTier: maxAllowTierFor(config),
      ...(approvals ? { approvals } : {}),
      logger,
    });
    const models = modelFailover(llm, logger, redactor);
    const relay = wireModelRelay(models);

    const [agentStarted, executorStarted] = await Promise.allSettled([agentStart, executorStart]);
    if (executorStarted.status === 'rejected') throw executorStarted.reason;
    if (agentStarted.status === 'rejected') throw agentStarted.reason;
    const executorStatus = executor.status();
    store.audit.append('EXECUTOR_STARTED', { data: { pid: executorStatus.pid, confined: executorStatus.confined } });
    const started = agent.status();
    store.audit.append('AGENT_STARTED', { data: { pid: started.pid, sandbox: started.sandbox.mode } });

    const turns = createTurnRunner({
      store,
      bus,
      agent,
      relay,
      tools,
      catalog,
      workspace: config.workspace,
      admitsPromptFile: (name, identity) => executor.admitsPromptFile(name, identity),
      history: config.history,
      model: config.llm?.model ?? 'demo',
      maxRounds: config.agent.maxRounds,
      maxToolCallsPerReply: config.agent.maxToolCallsPerReply,
      maxConcurrentTurns: config.concurrency.maxTurns,
      maxChildrenPerTurn: config.concurrency.maxChildren,
      maxStreamedTextBytes: config.limits.maxStoredMessageBytes - CUT_MARKER_MAX_BYTES,
      redact: (text) => redactor.redact(text),
      checkInput: createInputGuard(config.guardrails),
      outputFilter: createTermFilter(config.guardrails.forbiddenTerms),
      ...(config.guardrails.maxTurnTokens !== undefined ? { maxTurnTokens: config.guardrails.maxTurnTokens } : {}),
      logger,
    });
    const version = engineVersion();
    const chronicleApi = createChronicleApi({
      store,
      chronicle,
      rollback: {
        chronicle,
        store,
        executor,
        protectedPaths: protection.paths,
        protectedInodes: () => protection.inodes(),
        timeoutMs: 30_000,
        redact: (text) => redactor.redact(text),
      },
    });
    let web: WebServer | undefined;
    const telegram = createTelegramBot(config.telegram, logger);
    cleanups.push(() => telegram.stop());
    const approvalsSnapshot = () => ({
      enabled: approvals !== undefined,
      channels: approvals ? ['cli', ...(web ? ['web'] : [])] : [],
      pending: approvals?.pendingCount() ?? 0,
      timeoutMs: config.shield.approvals.timeoutMs,
      hourlyCap: config.shield.approvals.hourlyCap,
      watchers: bus.approvalWatcherCount(),
    });
    const api = createClientApi({
      store,
      turns,
      maxMessageBytes: config.limits.maxMessageBytes,
      chronicle: chronicleApi,
      admin: { ...createSessionAdmin({ store, redact: (text) => redactor.redact(text) }), ...grants.api },
      traces: createTraceApi(store),
      status: () =>
        statusSnapshot(
          effective,
          agent,
          executor,
          shield,
          version,
          approvalsSnapshot(),
          () => store.evaluatorBudget.spent(utcDay(Date.now())),
          telegram.status(),
          store.labels.restrictedSessions(STATUS_LABELED_SESSIONS),
          models.routes(),
        ),
      watch: { store, bus, recorder, approvals },
      webLogin: () => {
        if (!web) return undefined;
        const link = web.loginLink();
        return { url: link.url, expiresAt: link.expiresAt.toISOString() };
      },
    });
    const token = await writeClientToken(config.paths.clientTokenPath);
    const server: ClientServer = await startClientServer({
      socketPath: config.paths.engineSocket,
      token,
      api,
      logger,
      maxEchoBytes: config.limits.maxEchoBytes,
      stalledClientMs: config.limits.stalledClientMs,
    });
    cleanups.push(() => server.close());
    // A client like the others: it drives the same API the gRPC server serves.
    telegram.start(api);

    if (config.web.enabled) {
      const distFolder = webDistFolder();
      if (!distFolder) logger.warn({}, 'the web UI is not built (run `npm run build`): its server explains that to a browser');
      web = await startWebServer({
        config: config.web,
        auth: createWebAuth(),
        api,
        maxMessageBytes: config.limits.maxMessageBytes,
        stalledClientMs: config.limits.stalledClientMs,
        logger,
        distFolder,
      });
      const running = web;
      cleanups.push(() => running.close());
    }

    // Clients are served from here on: the warm-up yields between its actions, so a first request
    // waits for one of them at most, and readiness does not wait for all of them (~200 ms of CPU).
    void shield.warmUp().catch((error: unknown) => logger.warn({ err: error }, 'shield warm-up failed'));
    return { config: effective, agentPid: () => agent.status().pid, webLoginUrl: () => web?.loginLink().url, stop };
  } catch (error) {
    await stop('start failed');
    throw error;
  }
}
