import { chmod, mkdir, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, createServer as createNetServer, type Socket } from 'node:net';
import path from 'node:path';
import { admit, type AdmissionRules } from './admit.js';
import { gateByToken } from './token-gate.js';
import type { EgressAudit } from './types.js';

export interface EgressProxyOptions extends AdmissionRules {
  /** The Unix socket the proxy listens on (its folder is made the engine's alone). */
  readonly socketPath: string;
  /** The first line every connection must send (see token-gate.ts). */
  readonly token: string;
  readonly audit: EgressAudit;
  /** Hides secrets in URLs before they are audited or echoed. */
  readonly redact: (text: string) => string;
}

export interface EgressProxy {
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Headers about the hop to the proxy, never passed on. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

function refusalBody(target: string, rule: string, reason: string): string {
  return `parapet egress proxy refused ${target}\nrule: ${rule}\n${reason}\n`;
}

function endToEndHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_HEADERS.has(name)) out[name] = value;
  return out;
}

/**
 * The only way out for commands when `commands.network` is `proxy`: an HTTP proxy on a Unix socket
 * (the executor forwards a loopback port inside the command's network namespace to it). CONNECT
 * opens a tunnel for https; absolute-form requests are forwarded for http. Each destination passes
 * the same address guard as `http_request` and the Shield's judgement, the connection goes to the
 * checked address only, and every request is audited, allowed or refused.
 */
export function createEgressProxy(options: EgressProxyOptions): EgressProxy {
  const sockets = new Set<Socket>();
  const server = createServer();
  // Connections reach the HTTP server only through the token gate.
  const gate = createNetServer((socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    gateByToken(socket, options.token, (admitted) => server.emit('connection', admitted));
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    const authority = req.url ?? '';
    const refuse = (status: number, rule: string, reason: string): void => {
      options.audit({ method: 'CONNECT', target: options.redact(authority), allowed: false, rule, reason });
      const body = refusalBody(authority, rule, reason);
      client.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Bad Request'}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`);
    };
    let url: URL;
    try {
      if (!/^(?:\[[0-9a-fA-F:.]+\]|[^\s/?#@[\]]+):\d{1,5}$/u.test(authority)) throw new Error('not host:port');
      url = new URL(`https://${authority}/`);
    } catch {
      refuse(400, 'egress.bad_request', 'CONNECT takes host:port');
      return;
    }
    void admit(url, 'GET', options).then((admission) => {
      if (!admission.ok) {
        refuse(403, admission.rule, admission.reason);
        return;
      }
      if (client.destroyed) return;
      const { target } = admission;
      options.audit({ method: 'CONNECT', target: options.redact(authority), allowed: true, address: target.address });
      let established = false;
      const upstream = connect({ host: target.address, port: target.port });
      const timer = setTimeout(() => upstream.destroy(new Error('connect timed out')), options.http.timeoutMs);
      upstream.once('connect', () => {
        clearTimeout(timer);
        established = true;
        client.write('HTTP/1.1 200 Connection established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.once('error', (error) => {
        clearTimeout(timer);
        if (established) client.destroy();
        else client.end(`HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\n\r\nparapet egress proxy: ${error.message}\n`);
      });
      client.once('close', () => upstream.destroy());
    });
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const raw = req.url ?? '';
    const method = req.method ?? 'GET';
    const refuse = (status: number, rule: string, reason: string): void => {
      options.audit({ method, target: options.redact(raw), allowed: false, rule, reason });
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end(refusalBody(options.redact(raw), rule, reason));
      req.resume();
    };
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      refuse(400, 'egress.bad_request', 'a proxy request names an absolute http:// URL (https goes through CONNECT)');
      return;
    }
    if (url.protocol !== 'http:') {
      refuse(400, 'egress.bad_request', 'a proxy request names an absolute http:// URL (https goes through CONNECT)');
      return;
    }
    void admit(url, method, options).then((admission) => {
      if (!admission.ok) {
        refuse(403, admission.rule, admission.reason);
        return;
      }
      const { target } = admission;
      options.audit({ method, target: options.redact(url.href), allowed: true, address: target.address });
      // The Host header names the judged host: a different one would pick another site at the same address.
      const upstream = httpRequest(
        { host: target.address, port: target.port, method, path: `${url.pathname}${url.search}`, headers: { ...endToEndHeaders(req.headers), host: url.host }, agent: false, timeout: options.http.timeoutMs },
        (response) => {
          res.writeHead(response.statusCode ?? 502, endToEndHeaders(response.headers));
          response.pipe(res);
        },
      );
      upstream.on('timeout', () => upstream.destroy(new Error('timed out')));
      upstream.on('error', (error) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end(`parapet egress proxy: ${error.message}\n`);
        else res.destroy();
      });
      req.pipe(upstream);
    });
  });

  return {
    async start() {
      const folder = path.dirname(options.socketPath);
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await chmod(folder, 0o700);
      await rm(options.socketPath, { force: true });
      await new Promise<void>((resolve, reject) => {
        gate.once('error', reject);
        gate.listen(options.socketPath, () => {
          gate.off('error', reject);
          resolve();
        });
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      await rm(options.socketPath, { force: true });
    },
  };
}
