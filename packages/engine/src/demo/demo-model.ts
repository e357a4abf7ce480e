import { demoReply } from './demo-grammar.js';
import { startScriptedModel, type ScriptedModel } from './scripted-model.js';

export const DEMO_MODEL_NAME = 'parapet-demo';

/** The model `parapet start --demo` (or no llm config) runs: the demo grammar on loopback. */
export function startDemoModel(): Promise<ScriptedModel> {
  return startScriptedModel({ respond: demoReply, model: DEMO_MODEL_NAME });
}
