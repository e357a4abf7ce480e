import {
  DEFAULT_MAX_ROUNDS,
  ParapetError,
  type ChatMessage,
  type ChatMessage__Output,
  type ToolDef__Output,
  type ToolGroup__Output,
  type Usage__Output,
  type WorkspaceFile__Output,
} from '@parapet/wire';
import { assembleSystemPrompt } from '../context/system-prompt.js';
import { Conversation } from '../history/conversation.js';
import { roundWithContextRetry } from './context-retry.js';
import { resolveToolCalls } from './resolve-tool-calls.js';
import { Toolset } from './toolset.js';
import type { TurnChannel } from './turn-channel.js';
import { addUsage, emptyUsage } from './usage.js';

export interface TurnSpec {
  message: string;
  history: readonly ChatMessage__Output[];
  /** The summary of the conversation before `history` (empty: none). */
  earlierSummary: string;
  /** > 0: fold this many history messages into the summary before the first round. */
  compactBefore: number;
  context: readonly WorkspaceFile__Output[];
  /** 0 or less means the default. */
  maxRounds: number;
  initialTools: readonly ToolDef__Output[];
  groups: readonly ToolGroup__Output[];
}

export interface TurnOutcome {
  content: string;
  thoughts: string;
  usage: Usage__Output;
  rounds: number;
  /** The assistant tool calls and tool results before the answer. */
  tool_work: ChatMessage[];
}

/**
 * The reasoning loop of one turn (DESIGN §4 steps 2–3). Rejects with a ParapetError: MAX_ROUNDS,
 * LLM_* from the relay, TURN_CANCELLED when the engine cancels.
 */
export async function reasonTurn(spec: TurnSpec, channel: TurnChannel): Promise<TurnOutcome> {
  const maxRounds = spec.maxRounds > 0 ? spec.maxRounds : DEFAULT_MAX_ROUNDS;
  const toolset = new Toolset(spec.initialTools);
  const conversation = new Conversation({
    systemPrompt: assembleSystemPrompt(spec.context, spec.groups),
    earlierSummary: spec.earlierSummary,
    history: spec.history,
    userMessage: spec.message,
    knownNotes: spec.context.find((file) => file.name === 'MEMORY.md')?.content ?? '',
  });
  if (spec.compactBefore > 0) await conversation.compact(channel, spec.compactBefore);
  const thoughts: string[] = [];
  const callIds = new CallIds(channel.turnId);
  let usage = emptyUsage();
  for (let round = 1; round <= maxRounds; round += 1) {
    const output = await roundWithContextRetry(channel, conversation, toolset.list());
    usage = addUsage(usage, output.usage);
    if (output.toolCalls.length === 0) {
      return { content: output.text, thoughts: thoughts.join('\n\n'), usage, rounds: round, tool_work: conversation.toolWork() };
    }
    if (output.text.trim() !== '') thoughts.push(output.text);
    const calls = output.toolCalls.map((call) => ({ ...call, id: callIds.claim(call.id) }));
    conversation.record({ role: 'assistant', content: output.text, tool_calls: calls });
    const results = await resolveToolCalls(calls, channel, toolset, spec.groups);
    calls.forEach((call, index) => conversation.record({ role: 'tool', tool_call_id: call.id, content: results[index] ?? '' }));
  }
  throw new ParapetError('MAX_ROUNDS', `the turn used all ${maxRounds} rounds without a final answer`);
}

/** Results are routed by call id, so ids must be present and unique within the turn. */
class CallIds {
  readonly #used = new Set<string>();
  #counter = 0;

  constructor(private readonly turnId: string) {}

  claim(proposed: string): string {
    let id = proposed;
    while (id === '' || this.#used.has(id)) {
      this.#counter += 1;
      id = `${this.turnId}-call-${this.#counter}`;
    }
    this.#used.add(id);
    return id;
  }
}
