import { connect, createServer, type Server, type Socket } from 'node:net';

/** Where the engine's egress proxy listens in this process's view, and the line that opens its gate. */
export interface EgressEndpoint {
  readonly socket: string;
  readonly token: string;
}

/** The proxy's answer to the token (kept in step with egress/token-gate.ts). */
const GATE_OPEN = 'OK\n';

/** Connects to the proxy and passes its gate; then `client` and the proxy are piped together. */
function bridge(client: Socket, endpoint: EgressEndpoint, track: (socket: Socket) => void): void {
  const upstream = connect(endpoint.socket);
  track(upstream);
  client.pause();
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
  upstream.once('close', () => client.destroy());
  upstream.once('connect', () => upstream.write(`${endpoint.token}\n`));
  let answer = '';
  const onAnswer = (chunk: Buffer): void => {
    answer += chunk.toString('latin1');
    if (answer.length < GATE_OPEN.length) return;
    upstream.off('data', onAnswer);
    if (!answer.startsWith(GATE_OPEN)) {
      upstream.destroy();
      return;
    }
    if (answer.length > GATE_OPEN.length) client.write(Buffer.from(answer.slice(GATE_OPEN.length), 'latin1'));
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  };
  upstream.on('data', onAnswer);
}

/**
 * Runs `run` with a loopback port, open for that command alone, that forwards each connection to
 * the engine's egress proxy, and with the proxy variables naming that port. Without an endpoint the
 * command gets no proxy (and its network namespace has no way out).
 */
export async function withEgressForwarder<T>(endpoint: EgressEndpoint | undefined, run: (env: Readonly<Record<string, string>>) => Promise<T>): Promise<T> {
  if (endpoint === undefined) return run({});
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    track(client);
    bridge(client, endpoint, track);
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('the egress forwarder has no port'));
      else resolve(address.port);
    });
  });
  const proxy = `http://127.0.0.1:${port}`;
  try {
    return await run({ HTTP_PROXY: proxy, HTTPS_PROXY: proxy, http_proxy: proxy, https_proxy: proxy });
  } finally {
    for (const socket of sockets) socket.destroy();
    server.close();
  }
}
