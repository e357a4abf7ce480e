import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_SETTINGS } from '../http/types.js';
import { createEgressProxy, type EgressProxy } from './egress-proxy.js';
import type { EgressJudge, EgressRecord } from './types.js';

const dir = mkdtempSync(path.join(tmpdir(), 'parapet-egress-'));
const socketPath = path.join(dir, 'egress', 'proxy.sock');
const token = 'a'.repeat(64);
const records: EgressRecord[] = [];
const seenHosts: string[] = [];
let page: Server;
let port = 0;
let proxy: EgressProxy;

/** allowed.test is allowed; judge.fails makes the Shield throw; everything else is refused. */
const judge: EgressJudge = async (url) => {
  if (url.hostname === 'judge.fails') throw new Error('shield down');
  return url.hostname === 'allowed.test' ? { allowed: true } : { allowed: false, rule: 'test.not-allowed', reason: 'not on the list' };
};

beforeAll(async () => {
  page = createServer((req, res) => {
    seenHosts.push(req.headers.host ?? '');
    res.end('page');
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  port = (page.address() as AddressInfo).port;
  proxy = createEgressProxy({
    socketPath,
    token,
    http: { ...DEFAULT_HTTP_SETTINGS, allowPrivateHosts: [`allowed.test:${port}`, `judge.fails:${port}`], hosts: { 'allowed.test': '127.0.0.1', 'judge.fails': '127.0.0.1' } },
    // public.example stands for a name with a public address; the Shield refuses it, so nothing connects there.
    resolve: async (hostname) => [{ address: hostname === 'public.example' ? '93.184.215.14' : '127.0.0.1', family: 4 }],
    judge,
    audit: (record) => records.push(record),
    redact: (text) => text.replaceAll('s3cret', '[REDACTED]'),
  });
  await proxy.start();
});

afterAll(async () => {
  await proxy.close();
  await new Promise<void>((resolve) => page.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** A connection that has passed the gate, as the executor's forwarder opens it. */
function gatedConnection(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath, () => socket.write(`${token}\n`));
    socket.once('error', reject);
    socket.once('data', (chunk: Buffer) => (chunk.toString() === 'OK\n' ? resolve(socket) : reject(new Error(`gate answered ${chunk.toString()}`))));
  });
}

async function viaProxy(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const socket = await gatedConnection();
  return new Promise((resolve, reject) => {
    const req = request({ createConnection: () => socket, path: url, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function rawExchange(text: string, gated = true): Promise<string> {
  const socket = gated ? await gatedConnection() : connect(socketPath);
  return new Promise((resolve, reject) => {
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(text);
  });
}

describe('egress proxy', () => {
  it('serves no connection that does not open with the token (the agent can reach the socket by path)', async () => {
    const before = records.length;
    const request = `GET http://allowed.test:${port}/ HTTP/1.1\r\nhost: allowed.test:${port}\r\n\r\n`;
    expect(await rawExchange(request, false)).toBe('');
    expect(await rawExchange(`${'b'.repeat(64)}\n${request}`, false)).toBe('');
    // The token and a request in one write: nothing may be sent before the gate answers.
    expect(await rawExchange(`${token}\n${request}`, false)).toBe('');
    expect(records.length).toBe(before);
    expect(seenHosts).toEqual([]);
  });

  it('forwards an allowed request with the Host header of the judged host, whatever the client sent', async () => {
    const answer = await viaProxy(`http://allowed.test:${port}/a?token=s3cret`, { host: 'metadata.google.internal' });
    expect(answer).toEqual({ status: 200, body: 'page' });
    expect(seenHosts.at(-1)).toBe(`allowed.test:${port}`);
    expect(records.at(-1)).toEqual({ method: 'GET', target: `http://allowed.test:${port}/a?token=[REDACTED]`, allowed: true, address: '127.0.0.1' });
  });

  it('refuses with 403 naming the rule when the Shield refuses, and when it fails', async () => {
    const refused = await viaProxy(`http://other.test:${port}/`);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('rule: NETWORK_ADDRESS_REFUSED');
    const failing = await viaProxy(`http://judge.fails:${port}/`);
    expect(failing.status).toBe(403);
    expect(failing.body).toContain('rule: engine.shield-error');
    expect(records.slice(-2).map((r) => [r.allowed, r.rule])).toEqual([
      [false, 'NETWORK_ADDRESS_REFUSED'],
      [false, 'engine.shield-error'],
    ]);
  });

  it('asks the Shield about a public address, and refuses what it does not allow', async () => {
    const refused = await rawExchange('CONNECT public.example:443 HTTP/1.1\r\nhost: public.example:443\r\n\r\n');
    expect(refused).toMatch(/^HTTP\/1\.1 403 Forbidden/u);
    expect(refused).toContain('rule: test.not-allowed');
  });

  it('refuses a CONNECT that does not name host:port, and a request for a relative or non-http URL', async () => {
    expect(await rawExchange('CONNECT allowed.test HTTP/1.1\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/u);
    expect((await viaProxy('/relative')).status).toBe(400);
    expect((await viaProxy(`ftp://allowed.test:${port}/`)).status).toBe(400);
  });

  it('tunnels a CONNECT to an allowed host to the checked address', async () => {
    const answer = await rawExchange(`CONNECT allowed.test:${port} HTTP/1.1\r\nhost: allowed.test:${port}\r\n\r\nGET /t HTTP/1.1\r\nhost: allowed.test\r\nconnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 200 Connection established\r\n\r\nHTTP\/1\.1 200 OK/u);
    expect(answer.endsWith('page')).toBe(true);
  });
});
