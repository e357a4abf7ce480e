import { afterEach } from 'vitest';
import { startScriptedModel, type ScriptedModel, type ScriptedReply } from '@parapet/shield/testing';

/**
 * For a test file whose tests each start their own scripted models: the returned function starts one
 * answering with `respond`, and every model started during a test is closed after it.
 */
export function scriptedModelsPerTest(): (respond: () => ScriptedReply) => Promise<ScriptedModel> {
  const servers: ScriptedModel[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  return async (respond) => {
    const model = await startScriptedModel({ respond });
    servers.push(model);
    return model;
  };
}
