import { runAgentSession } from './session/agent-session.js';
import { runCanaryProbes } from './sandbox/canary-probes.js';
import { connectToEngine } from './transport/engine-session.js';
import { onEngineGone } from './transport/engine-lifeline.js';
import { readTokenLine } from './transport/stdin-token.js';

/** Entry of the sandboxed agent process (bundled to dist/agent.bundle.cjs and spawned by the engine). */
async function main(): Promise<number> {
  const socketPath = process.env['PARAPET_AGENT_SOCKET'];
  if (!socketPath) {
    process.stderr.write('parapet agent: PARAPET_AGENT_SOCKET is not set; the engine starts the agent\n');
    return 2;
  }
  const token = await readTokenLine(process.stdin);
  if (token === '') {
    process.stderr.write('parapet agent: no token on stdin\n');
    return 2;
  }
  onEngineGone(process.stdin, () => {
    process.stderr.write('parapet agent: the engine is gone; exiting\n');
    process.exit(1);
  });
  const portText = process.env['PARAPET_AGENT_CANARY_PORT'];
  const canaries = await runCanaryProbes({
    canaryPath: process.env['PARAPET_AGENT_CANARY'],
    tcpPort: portText ? Number(portText) : undefined,
  });
  const transport = connectToEngine(socketPath);
  const end = await runAgentSession(transport, { token, canaries, pid: process.pid });
  transport.close();
  if (end === 'shutdown') return 0;
  process.stderr.write('parapet agent: the engine session closed\n');
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`parapet agent: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
