import type {
  AgentEvent,
  EngineDirective__Output,
  LlmPart__Output,
  LlmRequest,
  ToolDef__Output,
} from '@parapet/wire';
import { AsyncQueue, QueueClosedError } from '../transport/async-queue.js';
import type { AgentTransport } from '../transport/agent-transport.js';

/** A scripted model round: what the fake engine streams back for one llm_request. */
export type ModelReply = (request: LlmRequest, index: number) => Omit<LlmPart__Output, 'request_id'>[];

export const text = (value: string): Omit<LlmPart__Output, 'request_id'> => ({ text_delta: value, part: 'text_delta' });
export const toolCall = (id: string, name: string, args: unknown): Omit<LlmPart__Output, 'request_id'> => ({
  tool_call: { id, name, arguments_json: JSON.stringify(args) },
  part: 'tool_call',
});
export const finish = (prompt: number, completion: number): Omit<LlmPart__Output, 'request_id'> => ({
  finish: { reason: 'stop', usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } },
  part: 'finish',
});

export const toolDef = (name: string, group: string): ToolDef__Output => ({
  name,
  group,
  description: `${name} tool`,
  parameters_json_schema: '{"type":"object"}',
});

/**
 * An in-process engine for unit tests: it feeds directives to the agent session and answers the
 * agent's events from a script (model replies, tool groups, tool results).
 */
export class FakeEngine {
  readonly sent: AgentEvent[] = [];
  readonly #directives = new AsyncQueue<EngineDirective__Output>();
  readonly #waiters: Array<{ match: (e: AgentEvent) => boolean; resolve: (e: AgentEvent) => void }> = [];
  #llmRequests = 0;

  constructor(
    private readonly script: {
      model?: ModelReply;
      groups?: Record<string, ToolDef__Output[]>;
      toolResult?: (name: string, argumentsJson: string) => { content: string; is_error: boolean };
    } = {},
  ) {}

  readonly transport: AgentTransport = {
    directives: this.#iterate(),
    send: (event) => this.#receive(event),
    close: () => this.#directives.close(),
  };

  push(directive: EngineDirective__Output): void {
    this.#directives.push(directive);
  }

  close(): void {
    this.#directives.close();
  }

  /** Resolves with the first event (already sent or future) that matches. */
  waitFor(match: (e: AgentEvent) => boolean): Promise<AgentEvent> {
    const seen = this.sent.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ match, resolve }));
  }

  eventsOf<K extends keyof AgentEvent>(kind: K): NonNullable<AgentEvent[K]>[] {
    return this.sent.flatMap((e) => (e[kind] ? [e[kind] as NonNullable<AgentEvent[K]>] : []));
  }

  async *#iterate(): AsyncGenerator<EngineDirective__Output> {
    for (;;) {
      try {
        yield await this.#directives.take();
      } catch (error) {
        if (error instanceof QueueClosedError) return;
        throw error;
      }
    }
  }

  #receive(event: AgentEvent): void {
    this.sent.push(event);
    for (const waiter of this.#waiters.filter((w) => w.match(event))) {
      this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    }
    // Answer asynchronously, as a real engine across a socket would.
    queueMicrotask(() => this.#answer(event));
  }

  #answer(event: AgentEvent): void {
    const request = event.llm_request;
    if (request && this.script.model) {
      const parts = this.script.model(request, this.#llmRequests++);
      for (const part of parts) this.push({ llm_part: { request_id: request.request_id ?? '', ...part }, directive: 'llm_part' });
    }
    const defsRequest = event.tool_defs_request;
    if (defsRequest) {
      const tools = (defsRequest.groups ?? []).flatMap((g) => this.script.groups?.[g] ?? []);
      this.push({ tool_defs: { turn_id: defsRequest.turn_id ?? '', tools }, directive: 'tool_defs' });
    }
    const proposal = event.tool_proposal;
    if (proposal && this.script.toolResult) {
      const result = this.script.toolResult(proposal.tool_name ?? '', proposal.arguments_json ?? '');
      this.push({
        tool_result: { turn_id: proposal.turn_id ?? '', call_id: proposal.call_id ?? '', ...result },
        directive: 'tool_result',
      });
    }
  }
}

export function processDirective(
  turnId: string,
  message: string,
  extra: Partial<NonNullable<EngineDirective__Output['process']>> = {},
): EngineDirective__Output {
  return {
    process: { turn_id: turnId, session_id: 's1', message, history: [], context: [], max_rounds: 0, earlier_summary: '', compact_before: 0, ...extra },
    directive: 'process',
  };
}
