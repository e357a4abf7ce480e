import { messageText, type ChatRequest, type ScriptedReply } from './types.js';

/** One request's answer: a fixed reply, or one made from the request (e.g. echoing its canary). */
export type ScriptStep = ScriptedReply | ((request: ChatRequest) => ScriptedReply);

const EXHAUSTED: ScriptedReply = { error: { status: 500, message: 'script exhausted', type: 'server_error' } };

/** Answers the n-th request with the n-th step; past the end of the script, a 500. */
export function inOrder(steps: readonly ScriptStep[]): (request: ChatRequest) => ScriptedReply {
  let next = 0;
  return (request) => {
    const step = steps[next++];
    if (step === undefined) return EXHAUSTED;
    return typeof step === 'function' ? step(request) : step;
  };
}

/** The canary the tier-2 evaluator's system prompt asked for (what a well-behaved model echoes). */
export function canaryOf(request: ChatRequest): string {
  const system = messageText(request.messages.find((message) => message.role === 'system'));
  return /"canary" value must be exactly (canary-[0-9a-f]+)/u.exec(system)?.[1] ?? '';
}
