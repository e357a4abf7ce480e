import type { StoredWorkMessage } from '../storage/index.js';
import type { ReportedWorkMessage } from './ports.js';

/** More messages than a turn's round and tool-call caps allow is not a real account of one. */
const MAX_WORK_MESSAGES = 2_048;

/** What the engine saw of a turn's tool calls: each proposed call id, with the result it sent back. */
export class TurnToolLedger {
  readonly #proposed = new Set<string>();
  readonly #results = new Map<string, string>();

  proposed(callId: string): void {
    this.#proposed.add(callId);
  }

  /** The result as the agent shows it to the model (errors prefixed, as the agent does). */
  answered(callId: string, content: string, isError: boolean): void {
    this.#proposed.add(callId);
    this.#results.set(callId, isError ? `Error: ${content}` : content);
  }

  /**
   * The agent's account of its tool work, checked against what the engine saw: every assistant
   * message calls tools the engine was asked to run, and is followed by exactly one result for each
   * call; the result stored is the engine's own where it has one. Anything else stores no tool work
   * (the answer alone), so a stored history always has the shape the model API requires.
   */
  accept(work: readonly ReportedWorkMessage[]): StoredWorkMessage[] {
    if (work.length > MAX_WORK_MESSAGES) return [];
    const accepted: StoredWorkMessage[] = [];
    let index = 0;
    while (index < work.length) {
      const call = work[index];
      if (call?.role !== 'assistant' || call.toolCalls.length === 0) return [];
      const ids = call.toolCalls.map((c) => c.id);
      if (new Set(ids).size !== ids.length || ids.some((id) => !this.#proposed.has(id))) return [];
      accepted.push({
        role: 'assistant',
        content: call.content,
        toolCalls: call.toolCalls.map((c) => ({ id: c.id, name: c.name, argumentsJson: c.argumentsJson })),
        toolCallId: '',
      });
      const answers = work.slice(index + 1, index + 1 + ids.length);
      const answered = answers.map((m) => (m.role === 'tool' ? m.toolCallId : ''));
      if (answered.length !== ids.length || [...ids].sort().join('\n') !== [...answered].sort().join('\n')) return [];
      for (const answer of answers) {
        const content = this.#results.get(answer.toolCallId) ?? answer.content;
        accepted.push({ role: 'tool', content, toolCalls: [], toolCallId: answer.toolCallId });
      }
      index += 1 + ids.length;
    }
    return accepted;
  }
}
