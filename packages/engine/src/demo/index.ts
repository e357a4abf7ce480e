export { DEMO_HELP, demoReply, parseDemoCommand } from './demo-grammar.js';
export { DEMO_MODEL_NAME, DEMO_PAGE_PATH, demoPageHost, startDemoModel } from './demo-model.js';
export { startScriptedModel, type ScriptedModel, type ScriptedModelOptions } from './scripted-model.js';
export type { ChatRequest, ChatRequestMessage, RecordedRequest, ScriptedReply, ScriptedToolCall, UsageNumbers } from './types.js';
