import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';
import { jsonLines, startParapet, type RunningParapet } from '../harness/parapet.js';
import { plannedModel, type Plan } from '../harness/tool-script.js';

/*
 * `commands.network: proxy` through the whole product: a real daemon whose confined commands reach
 * the network only through the engine's egress proxy, which applies the http_request address rules
 * and the user's Shield policy to every host and audits each request.
 */

interface EventLine {
  type: string;
  [key: string]: unknown;
}

interface Page {
  server: Server;
  port: number;
  requests: string[];
}

async function startPage(body: string): Promise<Page> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method ?? ''} ${request.headers.host ?? ''}${request.url ?? ''}`);
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, requests };
}

/**
 * Commands pass tier 0 (so only the proxy stands in the way); an http_request, and so a command's
 * connection, is allowed to allowed.test alone. Anything else is unmatched and needs tier 2, which
 * this daemon does not have: the Shield escalates, and with no human that is a refusal.
 */
const POLICY = `version: 1
name: command-network
description: Commands run; only allowed.test may be reached over http.
unmatched_min_tier: 2
rules:
  deny: []
  escalate: []
  allow:
    - id: allow.every.command
      reason: the test lets commands through
      actions: [execute_command]
      commands: ['.*']
    - id: allow.allowed-test
      reason: the user's own test page
      actions: [http_request]
      hosts: [allowed.test]
`;

const shell = (command: string): Plan => ({
  groups: ['shell'],
  calls: [{ name: 'execute_command', arguments: { command } }],
  answer: (results) => results.join(' | '),
});

let model: ScriptedModel;
let allowed: Page;
let other: Page;
let proxied: RunningParapet;
let closed: RunningParapet;

function configFor(network: 'off' | 'proxy'): string {
  return [
    'shield:',
    '  policy: command-network.yaml',
    '  approvals:',
    '    enabled: false',
    'http:',
    // Both test pages are on loopback: only hosts named here pass the address rules there.
    `  allow_private_hosts: ["allowed.test:${allowed.port}", "other.test:${other.port}"]`,
    '  hosts: {allowed.test: 127.0.0.1, other.test: 127.0.0.1}',
    'commands:',
    `  network: ${network}`,
    '',
  ].join('\n');
}

beforeAll(async () => {
  [allowed, other] = await Promise.all([startPage('allowed page'), startPage('other page')]);
  model = await startScriptedModel({ respond: plannedModel((text) => (text.startsWith('sh: ') ? shell(text.slice(4)) : { answer: () => text })) });
  const prepareHome = (home: string): void => writeFileSync(join(home, 'command-network.yaml'), POLICY);
  [proxied, closed] = await Promise.all([
    startParapet({ llmUrl: model.url, prepareHome, config: configFor('proxy') }),
    startParapet({ llmUrl: model.url, prepareHome, config: configFor('off') }),
  ]);
  // The metadata address is kept out of the command line, so only the proxy can stop it.
  writeFileSync(join(proxied.workspace, 'fetch-metadata.sh'), 'curl -sS http://169.254.169.254/latest/meta-data/\n');
  // Several steps in one script: the policy vouches only for simple command lines.
  const direct = `curl -sS --max-time 5 --noproxy '*' http://127.0.0.1:${allowed.port}/direct\ncurl -sS --max-time 5 --noproxy '*' http://192.0.2.1/\n`;
  writeFileSync(join(proxied.workspace, 'direct.sh'), direct);
  writeFileSync(join(closed.workspace, 'try-network.sh'), `env | grep -ci _proxy\nls /egress\ncurl -sS --max-time 5 http://127.0.0.1:${allowed.port}/\n`);
});

afterAll(async () => {
  await Promise.all([proxied?.stop(), closed?.stop()]);
  proxied?.cleanup();
  closed?.cleanup();
  await model?.close();
  await Promise.all([allowed, other].map((page) => new Promise<void>((resolve) => (page ? page.server.close(() => resolve()) : resolve()))));
});

/** Runs one command through the daemon; returns what it printed and how it ended. */
async function run(parapet: RunningParapet, command: string): Promise<{ decision: unknown; output: string }> {
  const result = await parapet.cli(['send', '--json', `sh: ${command}`]);
  expect(result.code, result.stderr).toBe(0);
  const stream = jsonLines<EventLine>(result.stdout);
  const completed = stream.find((e) => e.type === 'action_completed' && e['toolName'] === 'execute_command');
  expect(completed, result.stdout).toBeDefined();
  return { decision: stream.find((e) => e.type === 'shield_verdict')?.['decision'], output: String(completed?.['output'] ?? '') };
}

function egressRows(parapet: RunningParapet): Array<{ method: string; target: string; allowed: boolean; rule?: string; address?: string }> {
  const db = new Database(join(parapet.home, 'parapet.db'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare("SELECT data FROM audit WHERE kind = 'EGRESS' ORDER BY seq")
      .all()
      .map((row) => JSON.parse((row as { data: string }).data) as { method: string; target: string; allowed: boolean; rule?: string; address?: string });
  } finally {
    db.close();
  }
}

describe('commands.network: off (the default)', () => {
  it('gives a command no proxy and no route, and status says network off', async () => {
    const status = await closed.status();
    expect(status.commands.network).toBe(false);
    const { decision, output } = await run(closed, 'sh try-network.sh');
    expect(decision).toBe('ALLOW');
    expect(output).toMatch(/^0\n/u);
    expect(output).toContain('No such file or directory');
    expect(output).toMatch(/curl: \(7\)/u);
    expect(output).not.toContain('allowed page');
    expect(allowed.requests).toEqual([]);
    expect(egressRows(closed)).toEqual([]);
  });
});

describe('commands.network: proxy', () => {
  it('says so in status: network on, and what the network layer now is', async () => {
    const status = await proxied.status();
    expect(status.commands.network).toBe(true);
    expect(status.commands.layers).toContain("network namespace (no route out; HTTP(S) only through the engine's egress proxy, each host checked and audited)");
    const human = await proxied.cli(['status']);
    expect(human.stdout).toContain('network ON');
  });

  it('reaches a host the policy allows, over http and through a CONNECT tunnel, and audits both', async () => {
    const plain = await run(proxied, `curl -sS --max-time 10 http://allowed.test:${allowed.port}/plain`);
    expect(plain.output).toContain('allowed page');
    const tunneled = await run(proxied, `curl -sS --max-time 10 --proxytunnel http://allowed.test:${allowed.port}/tunnel`);
    expect(tunneled.output).toContain('allowed page');
    expect(allowed.requests).toEqual([`GET allowed.test:${allowed.port}/plain`, `GET allowed.test:${allowed.port}/tunnel`]);
    expect(egressRows(proxied)).toEqual(
      expect.arrayContaining([
        { method: 'GET', target: `http://allowed.test:${allowed.port}/plain`, allowed: true, address: '127.0.0.1' },
        { method: 'CONNECT', target: `allowed.test:${allowed.port}`, allowed: true, address: '127.0.0.1' },
      ]),
    );
  });

  it('refuses a host the policy does not allow, naming the rule, and never connects to it', async () => {
    const { output } = await run(proxied, `curl -sS --max-time 10 http://other.test:${other.port}/`);
    expect(output).toContain(`parapet egress proxy refused http://other.test:${other.port}/`);
    expect(output).toMatch(/rule: \S+/u);
    expect(output).toContain('the Shield would ask a human');
    const tunnel = await run(proxied, `curl -sS --max-time 10 --proxytunnel http://other.test:${other.port}/`);
    expect(tunnel.output).toMatch(/CONNECT tunnel failed, response 403|Received HTTP code 403 from proxy after CONNECT/u);
    expect(other.requests).toEqual([]);
    const refused = egressRows(proxied).filter((row) => !row.allowed && row.target.includes('other.test'));
    expect(refused.map((row) => row.method).sort()).toEqual(['CONNECT', 'GET']);
  });

  it('refuses the cloud metadata address and a loopback port the user did not name', async () => {
    const metadata = await run(proxied, 'sh fetch-metadata.sh');
    expect(metadata.output).toContain('parapet egress proxy refused http://169.254.169.254/latest/meta-data/');
    expect(metadata.output).toContain('rule: NETWORK_ADDRESS_REFUSED');
    expect(metadata.output).toContain('is a metadata address');
    const loopback = await run(proxied, `curl -sS --max-time 10 http://127.0.0.1:${other.port}/`);
    expect(loopback.output).toContain('rule: NETWORK_ADDRESS_REFUSED');
    expect(loopback.output).toContain('is a loopback address');
    expect(other.requests).toEqual([]);
    const targets = egressRows(proxied).filter((row) => !row.allowed).map((row) => row.target);
    expect(targets).toEqual(expect.arrayContaining(['http://169.254.169.254/latest/meta-data/', `http://127.0.0.1:${other.port}/`]));
  });

  it('serves no other process of the user at its socket: the agent reaches sockets by path, but has no token', async () => {
    const before = egressRows(proxied).length;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(join(proxied.home, 'run', 'egress', 'proxy.sock'));
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.write(`GET http://allowed.test:${allowed.port}/sneak HTTP/1.1\r\nhost: allowed.test:${allowed.port}\r\n\r\n`);
    });
    expect(answer).toBe('');
    expect(allowed.requests.some((line) => line.includes('/sneak'))).toBe(false);
    expect(egressRows(proxied).length).toBe(before);
  });

  it('gives a command that ignores the proxy no route out', async () => {
    const before = allowed.requests.length;
    const { output } = await run(proxied, 'sh direct.sh');
    expect(output).toMatch(/curl: \(7\) Failed to connect to 127\.0\.0\.1/u);
    expect(output).toMatch(/Network is unreachable|Couldn't connect to server/u);
    expect(output).not.toContain('allowed page');
    expect(allowed.requests.length).toBe(before);
  });
});
