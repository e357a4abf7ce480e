import type { ChatRequest, ChatRequestMessage, ScriptedReply, ScriptedToolCall } from '@parapet/shield/testing';
import { findTool } from '@parapet/engine/tools';

/** What the scripted model does for one user message: tool calls one per round, then an answer. */
export interface Plan {
  readonly calls?: readonly ScriptedToolCall[];
  /** Final answer, given the tool results the model saw (in order). */
  readonly answer?: (toolResults: readonly string[]) => string;
  /** Wait before every reply of this plan. */
  readonly delayMs?: number;
  /** Tool groups loaded before the first call (default: files). */
  readonly groups?: readonly string[];
}

function text(message: ChatRequestMessage): string {
  return typeof message.content === 'string' ? message.content : '';
}

/**
 * A model that behaves like a real tool-using model: it loads the group holding its next tool with
 * `load_tools` when it needs it, makes its planned calls one round at a time, then answers.
 */
export function plannedModel(planFor: (userText: string) => Plan): (request: ChatRequest) => ScriptedReply {
  return (request) => {
    const messages = request.messages;
    let lastUser = -1;
    messages.forEach((m, i) => {
      if (m.role === 'user') lastUser = i;
    });
    const plan = planFor(lastUser >= 0 ? text(messages[lastUser] as ChatRequestMessage) : '');
    const delay = plan.delayMs !== undefined ? { delayMs: plan.delayMs } : {};
    const thisTurn = messages.slice(lastUser + 1);
    const madeCalls = thisTurn.flatMap((m) => m.tool_calls ?? []);
    const loadCalls = new Set(madeCalls.filter((c) => c.function.name === 'load_tools').map((c) => c.id));
    const calledSoFar = madeCalls.length - loadCalls.size;
    const toolResults = thisTurn.filter((m) => m.role === 'tool' && !loadCalls.has(m.tool_call_id ?? '')).map(text);
    const calls = plan.calls ?? [];
    const next = calls[calledSoFar];
    if (next) {
      const offered = new Set((request.tools ?? []).map((t) => t.function.name));
      if (!offered.has(next.name)) return { ...delay, toolCalls: [{ name: 'load_tools', arguments: { groups: plan.groups ?? [findTool(next.name)?.group ?? 'files'] } }] };
      return { ...delay, toolCalls: [next] };
    }
    return { ...delay, text: plan.answer ? plan.answer(toolResults) : 'Done.' };
  };
}
