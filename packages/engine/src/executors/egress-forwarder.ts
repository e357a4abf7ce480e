import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * Runs `run` with a loopback port, open for that command alone, that forwards each connection to
 * the engine's egress proxy socket, and with the proxy variables naming that port. Without a socket
 * the command gets no proxy (and its network namespace has no way out).
 */
export async function withEgressForwarder<T>(socketPath: string | undefined, run: (env: Readonly<Record<string, string>>) => Promise<T>): Promise<T> {
  if (socketPath === undefined) return run({});
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server: Server = createServer((client) => {
    const upstream = connect(socketPath);
    track(client);
    track(upstream);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
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
