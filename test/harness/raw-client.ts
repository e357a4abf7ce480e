import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, credentials, Metadata, type ClientReadableStream, type ServiceError } from '@grpc/grpc-js';
import { clientServiceClient, type ClientServiceClient, type Event__Output, type GetHistoryResponse__Output } from '@parapet/wire';

/**
 * A gRPC client of a running engine that does what the CLI never does: sends bytes of its own
 * making, and reads a stream only when the test says so. Its unary calls have no size limit of
 * their own beyond grpc-js's defaults (4 MiB received), like any third-party client.
 */
export interface RawEngineClient {
  /** Starts SendMessage; nothing is read until `readAll` is called. */
  sendMessage(request: { text: string; channel?: string; session_id?: string }): PausedStream;
  /** SendMessage with `bytes` as the encoded request, exactly as given. */
  sendRawBytes(bytes: Buffer): Promise<{ error: ServiceError | undefined }>;
  getHistory(request: { session_id: string; limit?: number; page_token?: string }): Promise<GetHistoryResponse__Output>;
  close(): void;
}

export interface PausedStream {
  /** Reads the rest of the stream: its events and how it ended. */
  readAll(): Promise<{ events: Event__Output[]; error: ServiceError | undefined }>;
}

export function connectRaw(home: string): RawEngineClient {
  const address = `unix:${join(home, 'run', 'engine.sock')}`;
  const token = readFileSync(join(home, 'run', 'client.token'), 'utf8').trim();
  const metadata = (): Metadata => {
    const value = new Metadata();
    value.set('authorization', `Bearer ${token}`);
    return value;
  };
  const Typed = clientServiceClient();
  const typed = new Typed(address, credentials.createInsecure()) as unknown as ClientServiceClient;
  const generic = new Client(address, credentials.createInsecure());

  return {
    sendMessage(request) {
      const stream: ClientReadableStream<Event__Output> = typed.SendMessage({ channel: 'cli', ...request }, metadata());
      // Without a 'data' listener the stream stays paused: grpc-js stops taking frames off the socket.
      let ended: { error: ServiceError | undefined } | undefined;
      stream.on('error', (error: ServiceError) => (ended = { error }));
      return {
        readAll: () =>
          new Promise((resolve) => {
            const events: Event__Output[] = [];
            if (ended) {
              resolve({ events, error: ended.error });
              return;
            }
            stream.on('data', (event: Event__Output) => events.push(event));
            stream.on('error', (error: ServiceError) => resolve({ events, error }));
            stream.on('end', () => setImmediate(() => resolve({ events, error: ended?.error })));
          }),
      };
    },
    sendRawBytes(bytes) {
      return new Promise((resolve) => {
        const call = generic.makeServerStreamRequest(
          '/parapet.v1.ClientService/SendMessage',
          (value: Buffer) => value,
          (value: Buffer) => value,
          bytes,
          metadata(),
        );
        call.on('data', () => undefined);
        call.on('error', (error: ServiceError) => resolve({ error }));
        call.on('end', () => setImmediate(() => resolve({ error: undefined })));
      });
    },
    getHistory(request) {
      return new Promise((resolve, reject) => {
        typed.GetHistory({ limit: 0, page_token: '', ...request }, metadata(), (error, value) => (error || !value ? reject(error) : resolve(value)));
      });
    },
    close() {
      typed.close();
      generic.close();
    },
  };
}
