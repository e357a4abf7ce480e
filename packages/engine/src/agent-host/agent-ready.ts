import { ParapetError } from '@parapet/wire';
import type { AgentExit, AgentProcess } from './agent-process.js';
import type { AcceptedAgent } from './agent-socket-server.js';

/** Resolves with the accepted session, or rejects when the agent exits or takes too long. */
export function awaitReady(accepted: Promise<AcceptedAgent>, agent: AgentProcess, timeoutMs: number): Promise<AcceptedAgent> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: ParapetError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(
      () => fail(new ParapetError('AGENT_UNAVAILABLE', `the agent did not become ready within ${timeoutMs} ms`, true)),
      timeoutMs,
    );
    accepted.then(
      (session) => {
        // A session accepted after we gave up must not linger as the live one.
        if (settled) return session.connection.close();
        settled = true;
        clearTimeout(timer);
        resolve(session);
      },
      (error: unknown) => fail(error instanceof ParapetError ? error : new ParapetError('AGENT_UNAVAILABLE', String(error), true)),
    );
    void agent.exited.then((exit) =>
      fail(new ParapetError('AGENT_UNAVAILABLE', `the agent exited before it was ready (${describeExit(exit)})`, true)),
    );
  });
}

export function describeExit(exit: AgentExit): string {
  if (exit.error) return `could not start: ${exit.error}`;
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exit code ${exit.code ?? 'unknown'}`;
}
