import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, credentials, Metadata, type ClientReadableStream, type ServiceError } from '@grpc/grpc-js';
import { clientServiceClient, type ClientServiceClient, type Event__Output, type GetHistoryResponse__Output } from '@parapet/wire';

/**
 * A gRPC client of a running engine that does what the CLI never does: sends values and bytes of
 * its own making. (To stop reading a stream, see sendMessagePaused: a grpc-js client cannot.)
 */
export interface RawEngineClient {
  /** SendMessage, read to its end: its events and how it ended. */
  sendMessage(request: { text: string; channel?: string; session_id?: string }): Promise<{ events: Event__Output[]; error: ServiceError | undefined }>;
  /** SendMessage with `bytes` as the encoded request, exactly as given. */
  sendRawBytes(bytes: Buffer): Promise<{ error: ServiceError | undefined }>;
  getHistory(request: { session_id: string; limit?: number; page_token?: string }): Promise<GetHistoryResponse__Output>;
  close(): void;
}

/** Where the engine listens and the token it expects, from a Parapet home. */
export function engineAddress(home: string): { socketPath: string; token: string } {
  return { socketPath: join(home, 'run', 'engine.sock'), token: readFileSync(join(home, 'run', 'client.token'), 'utf8').trim() };
}

export function connectRaw(home: string): RawEngineClient {
  const { socketPath, token } = engineAddress(home);
  const address = `unix:${socketPath}`;
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
      return new Promise((resolve) => {
        const events: Event__Output[] = [];
        const stream: ClientReadableStream<Event__Output> = typed.SendMessage({ channel: 'cli', ...request }, metadata());
        stream.on('data', (event: Event__Output) => events.push(event));
        stream.on('error', (error: ServiceError) => resolve({ events, error }));
        stream.on('end', () => setImmediate(() => resolve({ events, error: undefined })));
      });
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
