import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebConfig } from '../config/index.js';
import type { ClientApi } from '@parapet/wire/client';
import type { Logger } from '../logging/port.js';
import { loadStaticAssets, type StaticAsset } from './static-assets.js';
import { cookieValue, hostAllowed, originAllowed, originPolicy } from './request-guard.js';
import { SESSION_TTL_MS, type WebAuth } from './web-auth.js';
import { serveWsConnection } from './ws-connection.js';

export const DEFAULT_WEB_PORT = 7150;

export interface WebServerOptions {
  readonly config: WebConfig;
  readonly auth: WebAuth;
  readonly api: ClientApi;
  /** The largest message text a page may send; the API refuses more, the socket a frame far past it. */
  readonly maxMessageBytes: number;
  readonly stalledClientMs: number;
  readonly logger: Logger;
  /** The built app; undefined serves a page saying how to build it. */
  readonly distFolder: string | undefined;
}

export interface WebServer {
  /** Where the app is, e.g. `http://127.0.0.1:7150/`. */
  readonly origin: string;
  /** A fresh one-time login link and when it expires. */
  loginLink(): { readonly url: string; readonly expiresAt: Date };
  close(): Promise<void>;
}

/** No inline script or style anywhere: the built app is files from this origin only. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** Largest login request body; a token is 43 characters. */
const MAX_LOGIN_BODY_BYTES = 1024;

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

function sendJson(response: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  response.end(JSON.stringify(body));
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function readSmallBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        resolve(undefined);
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(undefined));
  });
}

async function listen(server: Server, port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const { config, auth, logger } = options;
  const tls = config.tls;
  const server: Server = tls
    ? createHttpsServer({ cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) })
    : createHttpServer();
  const assets: ReadonlyMap<string, StaticAsset> = options.distFolder ? loadStaticAssets(options.distFolder) : new Map();

  if (config.port !== undefined) {
    await listen(server, config.port, config.bind);
  } else {
    try {
      await listen(server, DEFAULT_WEB_PORT, config.bind);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      logger.info({ port: DEFAULT_WEB_PORT }, 'web port taken (another Parapet?): listening on a free port instead');
      await listen(server, 0, config.bind);
    }
  }
  const port = (server.address() as AddressInfo).port;
  const loopback = isLoopback(config.bind);
  const policy = originPolicy(config.bind, port, loopback, tls !== undefined);
  const displayHost = config.bind.includes(':') ? `[${config.bind}]` : config.bind;
  const origin = `${tls ? 'https' : 'http'}://${displayHost}:${port}`;
  // Cookies are not separated by port: the name carries it, so two homes on one machine do not clash.
  const cookieName = `parapet_session_${port}`;
  const cookieFlags = `HttpOnly; SameSite=Strict; Path=/; Max-Age=${Math.floor(SESSION_TTL_MS / 1000)}${tls ? '; Secure' : ''}`;
  if (config.insecureRemote) {
    logger.warn({ bind: config.bind }, 'web UI served without TLS on a non-loopback address: anyone on the path can take over a session');
  }

  const handleLogin = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const contentType = request.headers['content-type'] ?? '';
    const body = contentType.startsWith('application/json') ? await readSmallBody(request, MAX_LOGIN_BODY_BYTES) : undefined;
    let token = '';
    try {
      const parsed: unknown = body === undefined ? undefined : JSON.parse(body);
      if (typeof parsed === 'object' && parsed !== null && typeof (parsed as Record<string, unknown>)['token'] === 'string') {
        token = (parsed as Record<string, string>)['token'] ?? '';
      }
    } catch {
      token = '';
    }
    const outcome = auth.login(token);
    if (outcome.ok) {
      logger.info({}, 'web login');
      response.writeHead(204, { ...SECURITY_HEADERS, 'set-cookie': `${cookieName}=${outcome.sessionToken}; ${cookieFlags}`, 'cache-control': 'no-store' });
      response.end();
      return;
    }
    logger.warn({ reason: outcome.reason }, 'web login refused');
    if (outcome.reason === 'rate-limited') {
      sendJson(response, 429, { code: 'WEB_LOGIN_RATE_LIMITED', message: 'too many failed logins: wait a minute, then run `parapet web` for a new link' }, { 'retry-after': '60' });
    } else {
      sendJson(response, 401, { code: 'WEB_LOGIN_INVALID', message: 'this login link was used or has expired: run `parapet web` for a new one' });
    }
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!hostAllowed(request, policy)) {
      // DNS rebinding: a page on an attacker's name that resolves here still names that host.
      response.writeHead(421, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
      response.end(`Parapet answers only as ${origin}: open the link \`parapet web\` prints.\n`);
      return;
    }
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/api/login' && request.method === 'POST') {
      if (!originAllowed(request, policy)) {
        sendJson(response, 403, { code: 'WEB_FORBIDDEN_ORIGIN', message: 'login refused: the request did not come from this page' });
        return;
      }
      void handleLogin(request, response);
      return;
    }
    if (path === '/api/session' && request.method === 'GET') {
      if (auth.sessionValid(cookieValue(request, cookieName))) sendJson(response, 200, { loggedIn: true });
      else sendJson(response, 401, { code: 'CLIENT_UNAUTHENTICATED', message: 'not logged in: run `parapet web` and open the link it prints' });
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendJson(response, 405, { code: 'INVALID_ARGUMENT', message: 'method not allowed' });
      return;
    }
    const asset = assets.get(path) ?? (path.startsWith('/assets/') ? undefined : assets.get('/'));
    if (!asset) {
      const status = options.distFolder ? 404 : 503;
      response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
      response.end(options.distFolder ? 'not found\n' : 'the web UI is not built: run `npm run build`\n');
      return;
    }
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': asset.contentType,
      'cache-control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    response.end(request.method === 'HEAD' ? undefined : asset.body);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes * 6 + 16 * 1024 });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/api/ws') return refuseUpgrade(socket, 404, 'Not Found');
    if (!hostAllowed(request, policy)) return refuseUpgrade(socket, 421, 'Misdirected Request');
    if (!originAllowed(request, policy)) {
      logger.warn({ origin: request.headers.origin ?? '' }, 'web socket refused: foreign origin');
      return refuseUpgrade(socket, 403, 'Forbidden');
    }
    if (!auth.sessionValid(cookieValue(request, cookieName))) return refuseUpgrade(socket, 401, 'Unauthorized');
    wss.handleUpgrade(request, socket, head, (ws) => {
      serveWsConnection(ws, { api: options.api, stalledClientMs: options.stalledClientMs, logger });
    });
  });

  logger.info({ url: origin }, 'web UI listening');
  return {
    origin: `${origin}/`,
    loginLink() {
      const { token, expiresAt } = auth.mintLoginToken();
      return { url: `${origin}/#login=${token}`, expiresAt };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
