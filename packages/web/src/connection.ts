import { fromProtoJson, type WireMessage } from '@parapet/wire/proto-json';

/*
 * The page's one WebSocket to the engine. Frames wrap canonical proto3 JSON of the ClientService
 * messages (see the engine's web/ws-connection.ts). Reconnects with backoff; a closed socket ends
 * every running call, as the engine cancels them too.
 */

export type ConnectionState =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'open' }
  | { readonly kind: 'reconnecting'; readonly inMs: number; readonly attempt: number }
  | { readonly kind: 'logged-out' };

export interface CallError {
  readonly code: string;
  readonly message: string;
}

interface PendingCall {
  readonly responseType: string;
  resolve(value: WireMessage): void;
  reject(error: CallError): void;
  onEvent?(event: WireMessage): void;
}

export interface RunningStream {
  readonly done: Promise<void>;
  /** Ends the call; the engine cancels the turn, as the CLI's Ctrl-C does. */
  cancel(): void;
}

const RESPONSE_TYPES: Readonly<Record<string, string>> = {
  ListSessions: 'ListSessionsResponse',
  GetHistory: 'GetHistoryResponse',
  GetStatus: 'Status',
  VerifyAudit: 'VerifyAuditResponse',
  ListAudit: 'ListAuditResponse',
  GetShieldStats: 'ShieldStats',
  RenameSession: 'SessionSummary',
  DeleteSession: 'DeleteSessionResponse',
  ResolveApproval: 'ResolveApprovalResponse',
  ListApprovals: 'ListApprovalsResponse',
  ListSnapshots: 'ListSnapshotsResponse',
  ShowSnapshot: 'ShowSnapshotResponse',
  DiffSnapshot: 'DiffSnapshotResponse',
  RollbackSnapshot: 'RollbackSnapshotResponse',
};

const LOST: CallError = { code: 'ENGINE_UNAVAILABLE', message: 'the connection to the engine was lost' };
const MAX_BACKOFF_MS = 10_000;

export class Connection {
  private socket: WebSocket | undefined;
  private nextId = 1;
  private readonly calls = new Map<number, PendingCall>();
  private attempt = 0;
  private listeners = new Set<(state: ConnectionState) => void>();
  state: ConnectionState = { kind: 'connecting' };

  constructor(private readonly url: string) {}

  onState(listener: (state: ConnectionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setState(state: ConnectionState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener('open', () => {
      this.attempt = 0;
      this.setState({ kind: 'open' });
    });
    socket.addEventListener('message', (message: MessageEvent) => {
      if (typeof message.data === 'string') this.receive(message.data);
    });
    socket.addEventListener('close', () => void this.lost());
  }

  private async lost(): Promise<void> {
    this.socket = undefined;
    for (const call of this.calls.values()) call.reject(LOST);
    this.calls.clear();
    // A refused upgrade looks like any close to a page: ask the server whether we are still logged in.
    const session = await fetch('/api/session', { credentials: 'same-origin' }).catch(() => undefined);
    if (session?.status === 401) {
      this.setState({ kind: 'logged-out' });
      return;
    }
    this.attempt += 1;
    const inMs = Math.min(MAX_BACKOFF_MS, 500 * 2 ** (this.attempt - 1));
    this.setState({ kind: 'reconnecting', inMs, attempt: this.attempt });
    setTimeout(() => this.connect(), inMs);
  }

  private receive(data: string): void {
    let frame: { id?: number; event?: unknown; response?: unknown; error?: CallError; end?: boolean; live?: boolean };
    try {
      frame = JSON.parse(data) as typeof frame;
    } catch {
      return;
    }
    const call = frame.id === undefined ? undefined : this.calls.get(frame.id);
    if (!call || frame.id === undefined) return;
    try {
      if (frame.event !== undefined) {
        call.onEvent?.(fromProtoJson('Event', frame.event));
      } else if (frame.live) {
        // The stream is subscribed; the page has nothing to wait for.
      } else if (frame.response !== undefined) {
        this.calls.delete(frame.id);
        call.resolve(fromProtoJson(call.responseType, frame.response));
      } else if (frame.end) {
        this.calls.delete(frame.id);
        call.resolve({});
      } else if (frame.error) {
        this.calls.delete(frame.id);
        call.reject(frame.error);
      }
    } catch (error) {
      this.calls.delete(frame.id);
      call.reject({ code: 'INTERNAL', message: `unreadable answer from the engine: ${(error as Error).message}` });
    }
  }

  private send(frame: object): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  call(method: keyof typeof RESPONSE_TYPES & string, request: object = {}): Promise<WireMessage> {
    const responseType = RESPONSE_TYPES[method];
    if (!responseType) return Promise.reject({ code: 'INVALID_ARGUMENT', message: `unknown call ${method}` });
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { responseType, resolve, reject });
      if (!this.send({ id, call: method, request })) {
        this.calls.delete(id);
        reject(LOST);
      }
    });
  }

  sendMessage(request: { sessionId?: string; text: string }, onEvent: (event: WireMessage) => void): RunningStream {
    return this.stream('SendMessage', { ...request, channel: 'web' }, onEvent);
  }

  /** Follows a session's events from any client, or (no sessionId) every session's approvals. */
  watch(request: { sessionId?: string }, onEvent: (event: WireMessage) => void): RunningStream {
    return this.stream('Watch', request, onEvent);
  }

  private stream(method: 'SendMessage' | 'Watch', request: object, onEvent: (event: WireMessage) => void): RunningStream {
    const id = this.nextId++;
    const done = new Promise<void>((resolve, reject) => {
      this.calls.set(id, { responseType: '', resolve: () => resolve(), reject, onEvent });
      if (!this.send({ id, call: method, request })) {
        this.calls.delete(id);
        reject(LOST);
      }
    });
    return {
      done,
      cancel: () => {
        const call = this.calls.get(id);
        if (!call) return;
        this.calls.delete(id);
        this.send({ id, cancel: true });
        call.reject({ code: 'TURN_CANCELLED', message: 'stopped' });
      },
    };
  }
}
