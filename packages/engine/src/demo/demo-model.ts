import { demoReply } from './demo-grammar.js';
import { startScriptedModel, type ScriptedModel } from '@parapet/shield/testing';

export const DEMO_MODEL_NAME = 'parapet-demo';

/** The page `fetch` can reach in demo mode: the demo config allows exactly this host:port. */
export const DEMO_PAGE_PATH = '/demo/page.html';
const DEMO_PAGE =
  '<!doctype html><title>Parapet demo page</title>\n<h1>Hello from the demo page</h1>\n' +
  '<p>The engine fetched this page for the agent, after the Shield and the address guard allowed it.</p>\n';

/** The model `parapet start --demo` (or no llm config) runs: the demo grammar on loopback. */
export async function startDemoModel(): Promise<ScriptedModel> {
  // The page's URL has the port the server gets; the help text names it once it is known.
  const page: { url?: string } = {};
  const model = await startScriptedModel({ respond: (request) => demoReply(request, page.url), model: DEMO_MODEL_NAME, pages: { [DEMO_PAGE_PATH]: DEMO_PAGE }, recordRequests: false });
  page.url = new URL(DEMO_PAGE_PATH, model.url).href;
  return model;
}

/** `host:port` of the demo page, as `http.allow_private_hosts` names it. */
export function demoPageHost(demo: ScriptedModel): string {
  return new URL(demo.url).host;
}
