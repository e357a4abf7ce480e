import type { AgentEvent, EngineDirective__Output } from '@parapet/wire';

/** The agent's only channel to the world: directives in, events out. */
export interface AgentTransport {
  readonly directives: AsyncIterable<EngineDirective__Output>;
  send(event: AgentEvent): void;
  close(): void;
}
