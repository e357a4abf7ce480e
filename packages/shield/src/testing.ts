// Helpers for tests of hosts: a scripted OpenAI-compatible server standing in for the tier-2 evaluator.
export { canaryOf, startScriptedServer, type ChatRequest, type ScriptedServer, type ScriptStep } from './tiers/evaluator/scripted-server.js';
