import type { WebSocket } from 'ws';
import { ParapetError, type SendMessageRequest__Output } from '@parapet/wire';
import { ProtoJsonError, fromProtoJson, toProtoJson } from '@parapet/wire/proto-json';
import { sendRequestFromProto, type ClientApi, type EngineEvent, type EventStreamHooks, type EventStreamItem } from '@parapet/wire/client';
import type { Logger } from '../logging/port.js';
import { validateWatch } from '../server/validate-approvals.js';
import { sendRequestFromWire } from '../server/validate-request.js';
import { eventFrame } from './event-frames.js';
import { unaryCalls } from './ws-unary-calls.js';

/*
 * One browser's WebSocket. Frames are JSON envelopes around canonical proto3 JSON of the
 * ClientService messages:
 *   browser → engine  {"id": N, "call": "SendMessage", "request": {…SendMessageRequest}}
 *                     {"id": N, "call": "Watch", "request": {…WatchRequest}}   (a session's events, or every approval)
 *                     {"id": N, "call": "ResolveApproval", "request": {…}}   (and the other unary calls)
 *                     {"id": N, "cancel": true}        (ends that call, as closing a gRPC stream does)
 *   engine → browser  {"id": N, "event": {…Event}}   {"id": N, "response": {…}}   {"id": N, "end": true}
 *                     {"id": N, "live": true}   (a stream is subscribed: every event from now on reaches it)
 *                     {"id": N, "error": {"code": STABLE_CODE, "message": "…", "retryable": false}}
 * Every call goes through the same ClientApi and the same validation as the gRPC server.
 */

export interface WsConnectionOptions {
  readonly api: ClientApi;
  readonly stalledClientMs: number;
  readonly logger: Logger;
}

/** Bytes a socket may hold unsent before the sender waits for the browser to read. */
const SEND_HIGH_WATER_BYTES = 256 * 1024;
/** Calls one socket may have running at once; more is a misbehaving page. */
const MAX_OPEN_CALLS = 16;
/** Event frames are UTF-8 JSON bytes; sent as text frames, as the page reads them. */
const TEXT_FRAME = { binary: false } as const;

interface ClientFrame {
  readonly id: number;
  readonly call?: unknown;
  readonly request?: unknown;
  readonly cancel?: unknown;
}

function parseFrame(data: string): ClientFrame {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new ParapetError('INVALID_ARGUMENT', 'a frame must be one JSON object');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ParapetError('INVALID_ARGUMENT', 'a frame must be one JSON object');
  }
  const frame = parsed as Record<string, unknown>;
  if (typeof frame['id'] !== 'number' || !Number.isSafeInteger(frame['id']) || frame['id'] < 1) {
    throw new ParapetError('INVALID_ARGUMENT', 'a frame needs "id", a positive integer');
  }
  return frame as unknown as ClientFrame;
}

function errorBody(error: unknown): { code: string; message: string; retryable: boolean } {
  if (error instanceof ParapetError) return { code: error.code, message: error.message, retryable: error.retryable };
  if (error instanceof ProtoJsonError) return { code: 'INVALID_ARGUMENT', message: error.message, retryable: false };
  return { code: 'INTERNAL', message: 'internal error (see the engine log)', retryable: false };
}

export function serveWsConnection(socket: WebSocket, options: WsConnectionOptions): void {
  const { api, logger } = options;
  const calls = new Map<number, AbortController>();

  const unary = unaryCalls(api);

  const write = (frame: object): void => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

  const fail = (id: number, method: string, error: unknown): void => {
    if (!(error instanceof ParapetError) && !(error instanceof ProtoJsonError)) logger.error({ method, err: error }, 'web call failed');
    write({ id, error: errorBody(error) });
  };

  /**
   * Sends `frame`; while the socket holds little unsent, that is all ('sent' at once, no timer, no
   * promise: this runs once per watcher per event). Past the high-water mark it waits until the
   * frame went out, or says why it will not.
   */
  const sendPaced = (frame: Buffer, signal: AbortSignal): 'sent' | 'aborted' | Promise<'sent' | 'stalled' | 'aborted'> => {
    if (socket.readyState !== socket.OPEN) return 'aborted';
    if (socket.bufferedAmount + frame.length <= SEND_HIGH_WATER_BYTES) {
      socket.send(frame, TEXT_FRAME);
      return 'sent';
    }
    return new Promise((resolve) => {
      let settled = false;
      const finish = (outcome: 'sent' | 'stalled' | 'aborted'): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const onAbort = (): void => finish('aborted');
      const timer = setTimeout(() => finish('stalled'), options.stalledClientMs);
      signal.addEventListener('abort', onAbort, { once: true });
      socket.send(frame, TEXT_FRAME, () => finish('sent'));
    });
  };

  /** Writes a stream's events as frames, paced by the browser, as the gRPC server writes them. */
  const pump = async (
    id: number,
    abort: AbortController,
    open: (signal: AbortSignal, hooks: EventStreamHooks) => AsyncIterable<EventStreamItem>,
  ): Promise<void> => {
    const dropped = new AbortController();
    let last: EngineEvent | undefined;
    let stalled = false;
    const waitSignal = AbortSignal.any([abort.signal, dropped.signal]);
    const hooks: EventStreamHooks = {
      // As the gRPC server sends headers: the page learns its stream is subscribed before any event.
      onLive: () => write({ id, live: true }),
      onDropped: () => dropped.abort(),
    };
    turn: for await (const item of open(abort.signal, hooks)) {
      for (const event of Array.isArray(item) ? item : [item]) {
        if (abort.signal.aborted) break turn;
        if (dropped.signal.aborted && !(event.type === 'error' && event.code === 'SUBSCRIBER_DROPPED')) continue;
        last = event;
        const sent = sendPaced(eventFrame(id, event), dropped.signal.aborted ? abort.signal : waitSignal);
        if ((typeof sent === 'string' ? sent : await sent) === 'stalled') {
          stalled = true;
          break turn;
        }
      }
    }
    if (stalled && last) {
      logger.warn({ sessionId: last.sessionId, stalledClientMs: options.stalledClientMs }, 'web stream dropped: the browser read nothing');
      socket.terminate();
      return;
    }
    if (!abort.signal.aborted) write({ id, end: true });
  };

  const streams: Readonly<Record<string, (id: number, request: unknown, abort: AbortController) => Promise<void>>> = {
    SendMessage: (id, request, abort) => {
      const raw = fromProtoJson('SendMessageRequest', request) as unknown as SendMessageRequest__Output;
      // The socket is the web channel whatever the page claims.
      const input = sendRequestFromWire({ ...sendRequestFromProto(raw), channel: 'web' });
      return pump(id, abort, (signal, hooks) => api.sendMessage(input, signal, hooks));
    },
    Watch: (id, request, abort) => {
      const input = validateWatch(fromProtoJson('WatchRequest', request) as { session_id: string; replay: boolean; after_seq: number | string });
      return pump(id, abort, (signal, hooks) => api.watch(input, signal, hooks));
    },
  };

  const start = (frame: ClientFrame): void => {
    const { id } = frame;
    if (frame.cancel === true) {
      calls.get(id)?.abort();
      return;
    }
    if (calls.has(id)) throw new ParapetError('INVALID_ARGUMENT', `call ${id} is already running`);
    if (calls.size >= MAX_OPEN_CALLS) throw new ParapetError('INVALID_ARGUMENT', `at most ${MAX_OPEN_CALLS} calls may run at once`);
    const method = typeof frame.call === 'string' ? frame.call : '';
    const request = frame.request ?? {};
    const abort = new AbortController();
    const stream = Object.hasOwn(streams, method) ? streams[method] : undefined;
    if (stream) {
      calls.set(id, abort);
      Promise.resolve()
        .then(() => stream(id, request, abort))
        .catch((error: unknown) => {
          if (!abort.signal.aborted) fail(id, method, error);
        })
        .finally(() => calls.delete(id));
      return;
    }
    const run = Object.hasOwn(unary, method) ? unary[method] : undefined;
    if (!run) throw new ParapetError('INVALID_ARGUMENT', `unknown call ${JSON.stringify(method.slice(0, 64))}`);
    calls.set(id, abort);
    run(request)
      .then(({ type, message }) => write({ id, response: toProtoJson(type, message) }))
      .catch((error: unknown) => fail(id, method, error))
      .finally(() => calls.delete(id));
  };

  socket.on('message', (data, isBinary) => {
    if (isBinary) {
      socket.close(1003, 'text frames only');
      return;
    }
    let frame: ClientFrame;
    try {
      frame = parseFrame(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8'));
    } catch (error) {
      write({ id: 0, error: errorBody(error) });
      return;
    }
    try {
      start(frame);
    } catch (error) {
      fail(frame.id, typeof frame.call === 'string' ? frame.call : '', error);
    }
  });
  // A closed page cancels its running turns, as a closed gRPC stream does.
  socket.on('close', () => {
    for (const abort of calls.values()) abort.abort();
    calls.clear();
  });
}
