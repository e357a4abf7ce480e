import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one scripted turn does with a chat-completions request. */
export type ScriptStep =
  | { readonly reply: (request: ChatRequest) => string }
  | { readonly status: number; readonly body?: string }
  | { readonly hang: true };

export interface ChatRequest {
  readonly model: string;
  readonly messages: ReadonlyArray<{ readonly role: string; readonly content: string }>;
}

export interface ScriptedServer {
  /** OpenAI-style base URL, e.g. `http://127.0.0.1:PORT/v1`. */
  readonly baseUrl: string;
  readonly requests: ChatRequest[];
  close(): Promise<void>;
}

const completion = (model: string, content: string) => ({
  id: 'chatcmpl-scripted',
  object: 'chat.completion',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A loopback OpenAI-compatible server (non-streaming `POST /v1/chat/completions`) answering
 * from a script, one step per request; past the end of the script it answers 500. Tests use it
 * to drive the real `openai` SDK adapter.
 */
export async function startScriptedServer(script: readonly ScriptStep[]): Promise<ScriptedServer> {
  const requests: ChatRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(await readBody(req)) as ChatRequest;
      const step = script[requests.length];
      requests.push(request);
      if (step === undefined) {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"script exhausted"}}');
      } else if ('hang' in step) {
        hanging.add(res);
      } else if ('status' in step) {
        res.writeHead(step.status, { 'content-type': 'application/json' }).end(step.body ?? '{"error":{"message":"scripted"}}');
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(request.model, step.reply(request))));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The canary the evaluator's system prompt asked for (what a well-behaved model echoes). */
export function canaryOf(request: ChatRequest): string {
  const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
  return /"canary" value must be exactly (canary-[0-9a-f]+)/u.exec(system)?.[1] ?? '';
}
