import type { AgentEvent, EngineDirective__Output } from '@parapet/wire';

/** What one turn sees of the session: it sends events and receives the directives routed to it. */
export interface TurnChannel {
  readonly turnId: string;
  send(event: AgentEvent): void;
  /** The next directive for this turn; rejects with TURN_CANCELLED once the turn is cancelled. */
  receive(): Promise<EngineDirective__Output>;
  /** A fresh request id whose `llm_part`s are routed to this turn. */
  openLlmRequest(): string;
}
