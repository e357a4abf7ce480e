// A scripted OpenAI-compatible model on loopback: the engine's demo mode, the tier-2 evaluator's
// tests, the end-to-end tests and the bench all run this one.
export { canaryOf, inOrder, type ScriptStep } from './scripted-model/in-order.js';
export { startScriptedModel, type ScriptedModel, type ScriptedModelOptions } from './scripted-model/scripted-model.js';
export {
  messageText,
  type ChatRequest,
  type ChatRequestMessage,
  type RecordedRequest,
  type ScriptedReply,
  type ScriptedToolCall,
  type UsageNumbers,
} from './scripted-model/types.js';
