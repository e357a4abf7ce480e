import { ParapetError, type ChatMessage, type ChatMessage__Output } from '@parapet/wire';
import { streamLlmRound } from '../loop/llm-round.js';
import type { TurnChannel } from '../loop/turn-channel.js';
import { compactionRequest, parseCompactionReply } from './compaction-prompt.js';
import { summaryMessage } from './summary-framing.js';

export interface ConversationStart {
  readonly systemPrompt: string;
  /** What an earlier compaction made of the conversation before `history`. */
  readonly earlierSummary: string;
  readonly history: readonly ChatMessage__Output[];
  readonly userMessage: string;
  /** Notes already in memory (MEMORY.md): a fact found there is not flushed again. */
  readonly knownNotes: string;
}

/**
 * The messages of one turn: system prompt, the earlier summary, the history, the user's message and
 * the turn's own tool work. Compaction folds the oldest history into the summary through the model,
 * flushes the durable facts it names to memory and tells the engine where the summary ends.
 */
export class Conversation {
  readonly #start: ConversationStart;
  #summary: string;
  #history: ChatMessage[];
  readonly #work: ChatMessage[] = [];
  #retriedAfterContextLength = false;

  constructor(start: ConversationStart) {
    this.#start = start;
    this.#summary = start.earlierSummary;
    this.#history = [...start.history];
  }

  messages(): ChatMessage[] {
    return [
      { role: 'system', content: this.#start.systemPrompt },
      ...(this.#summary.trim() !== '' ? [summaryMessage(this.#summary)] : []),
      ...this.#history,
      { role: 'user', content: this.#start.userMessage },
      ...this.#work,
    ];
  }

  /** An assistant message with tool calls, or a tool message answering one. */
  record(message: ChatMessage): void {
    this.#work.push(message);
  }

  /** What the turn did before its answer, for the engine to store with it. */
  toolWork(): ChatMessage[] {
    return [...this.#work];
  }

  get historyLength(): number {
    return this.#history.length;
  }

  /** True the first time only: a context-length refusal is answered by one compaction and one retry. */
  claimContextLengthRetry(): boolean {
    if (this.#retriedAfterContextLength) return false;
    this.#retriedAfterContextLength = true;
    return true;
  }

  /**
   * Folds the summary and the first `covered` history messages into a new summary. `covered` must
   * end at a turn boundary (the next message is a user's), so no tool message loses its call.
   * False when there is nothing to fold or the model gave no summary; the history is then unchanged.
   */
  async compact(channel: TurnChannel, covered: number): Promise<boolean> {
    if (covered <= 0 || covered > this.#history.length) return false;
    const next = this.#history[covered];
    if (next !== undefined && next.role !== 'user') return false;
    let reply: string;
    try {
      const request = compactionRequest(this.#summary, this.#history.slice(0, covered));
      reply = (await streamLlmRound(channel, request, [], { forwardText: false })).text;
    } catch (error) {
      // A turn the engine ended stays ended; any other failure leaves the history as it was.
      if (error instanceof ParapetError && error.code === 'TURN_CANCELLED') throw error;
      return false;
    }
    const { summary, facts } = parseCompactionReply(reply);
    if (summary === '') return false;
    const known = this.#start.knownNotes.toLowerCase();
    for (const fact of facts) {
      if (!known.includes(fact.toLowerCase())) channel.send({ memory_flush: { turn_id: channel.turnId, content: fact } });
    }
    channel.send({ history_compacted: { turn_id: channel.turnId, summary, covered } });
    this.#summary = summary;
    this.#history = this.#history.slice(covered);
    return true;
  }
}
