import { ParapetError, type ChatMessage, type ToolDef } from '@parapet/wire';
import type OpenAI from 'openai';

type MessageParam = OpenAI.Chat.Completions.ChatCompletionMessageParam;
type ToolParam = OpenAI.Chat.Completions.ChatCompletionTool;

/** A request the relay cannot translate; it becomes an LLM_ERROR part, not a crash. */
export class RelayRequestError extends ParapetError {
  declare readonly code: 'LLM_ERROR';
  constructor(message: string) {
    super('LLM_ERROR', message, false);
  }
}

/** Wire messages (snake_case proto shape) to OpenAI chat-completions messages. */
export function toOpenAiMessages(messages: readonly ChatMessage[]): MessageParam[] {
  return messages.map((message, index): MessageParam => {
    const content = message.content ?? '';
    switch (message.role) {
      case 'system':
        return { role: 'system', content };
      case 'user':
        return { role: 'user', content };
      case 'assistant': {
        const calls = (message.tool_calls ?? []).map((call) => ({
          id: call.id ?? '',
          type: 'function' as const,
          function: { name: call.name ?? '', arguments: call.arguments_json ?? '' },
        }));
        return calls.length > 0 ? { role: 'assistant', content: content === '' ? null : content, tool_calls: calls } : { role: 'assistant', content };
      }
      case 'tool':
        if (!message.tool_call_id) throw new RelayRequestError(`message ${index}: a tool message needs tool_call_id`);
        return { role: 'tool', tool_call_id: message.tool_call_id, content };
      default:
        throw new RelayRequestError(`message ${index}: unsupported role ${JSON.stringify(message.role ?? '')}`);
    }
  });
}

/** Wire tool definitions (JSON Schema as a string) to OpenAI function tools. */
export function toOpenAiTools(tools: readonly ToolDef[]): ToolParam[] {
  return tools.map((tool) => {
    let parameters: Record<string, unknown>;
    try {
      parameters = JSON.parse(tool.parameters_json_schema || '{"type":"object","properties":{}}') as Record<string, unknown>;
    } catch {
      throw new RelayRequestError(`tool ${tool.name ?? '?'}: parameters_json_schema is not valid JSON`);
    }
    return { type: 'function', function: { name: tool.name ?? '', description: tool.description ?? '', parameters } };
  });
}
