import http2 from 'node:http2';
import net from 'node:net';
import { clientServiceDefinition, type Event__Output, type SendMessageRequest } from '@parapet/wire';

export interface PausedCallResult {
  readonly events: Event__Output[];
  /** The gRPC status code (0 OK). */
  readonly status: number;
  readonly message: string;
  /** The stable code the engine attached, if any. */
  readonly parapetCode: string | undefined;
}

export interface PausedCall {
  /** Starts reading at last and collects every event and how the call ended. */
  readAll(): Promise<PausedCallResult>;
  close(): void;
}

/**
 * Starts SendMessage over a bare HTTP/2 connection and reads nothing until `readAll`. A grpc-js
 * client cannot do this: it takes every frame off the socket into memory whether or not its
 * caller reads, so the server never sees it fall behind. This one leaves the flow-control window
 * closed, like a client process that stopped reading.
 */
export function sendMessagePaused(socketPath: string, token: string, request: SendMessageRequest): PausedCall {
  const method = clientServiceDefinition()['SendMessage'];
  if (!method) throw new Error('no SendMessage in the client service');
  const body = method.requestSerialize(request);
  const prefix = Buffer.alloc(5);
  prefix.writeUInt32BE(body.length, 1);

  const session = http2.connect('http://localhost', { createConnection: () => net.connect(socketPath) });
  session.on('error', () => undefined);
  const stream = session.request({
    ':method': 'POST',
    ':path': method.path,
    'content-type': 'application/grpc',
    te: 'trailers',
    authorization: `Bearer ${token}`,
  });
  stream.on('error', () => undefined);
  stream.pause();
  stream.end(Buffer.concat([prefix, body]));
  let headers: http2.IncomingHttpHeaders = {};
  let trailers: http2.IncomingHttpHeaders = {};
  stream.on('response', (received) => (headers = received));
  stream.on('trailers', (received) => (trailers = received));
  const closed = new Promise<void>((resolve) => stream.on('close', () => resolve()));

  return {
    async readAll() {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.resume();
      await closed;
      const data = Buffer.concat(chunks);
      const events: Event__Output[] = [];
      for (let offset = 0; offset + 5 <= data.length; ) {
        const length = data.readUInt32BE(offset + 1);
        events.push(method.responseDeserialize(data.subarray(offset + 5, offset + 5 + length)) as Event__Output);
        offset += 5 + length;
      }
      const ending = trailers['grpc-status'] !== undefined ? trailers : headers;
      const code = ending['parapet-code'];
      return {
        events,
        status: Number(ending['grpc-status'] ?? -1),
        message: decodeURIComponent(String(ending['grpc-message'] ?? '')),
        parapetCode: typeof code === 'string' ? code : undefined,
      };
    },
    close: () => session.close(),
  };
}
