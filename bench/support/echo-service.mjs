// A bare grpc-js bidirectional echo over a Unix socket: the floor any cross-process round trip pays.
import { Server, ServerCredentials, credentials, makeGenericClientConstructor } from '@grpc/grpc-js';

const identity = (buffer) => buffer;
export const echoService = {
  Echo: {
    path: '/parapet.bench.Echo/Echo',
    requestStream: true,
    responseStream: true,
    requestSerialize: identity,
    requestDeserialize: identity,
    responseSerialize: identity,
    responseDeserialize: identity,
  },
};

export function serveEcho(socketPath) {
  const server = new Server();
  server.addService(echoService, {
    Echo: (call) => {
      call.on('data', (message) => call.write(message));
      call.on('end', () => call.end());
    },
  });
  return new Promise((resolve, reject) =>
    server.bindAsync(`unix:${socketPath}`, ServerCredentials.createInsecure(), (error) => (error ? reject(error) : resolve(server))),
  );
}

export function echoClient(socketPath) {
  const Client = makeGenericClientConstructor(echoService, 'Echo');
  return new Client(`unix:${socketPath}`, credentials.createInsecure());
}

// Run as a child process: serve on the socket given, report readiness on stdout.
if (process.argv[2] === 'serve') {
  await serveEcho(process.argv[3]);
  process.stdout.write('listening\n');
}
