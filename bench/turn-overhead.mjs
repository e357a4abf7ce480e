// What Parapet adds to a turn a user waits for: client → engine → agent → relay → scripted model
// and back, to the first streamed token and to the end of the turn, against the same answer asked
// for directly with the `openai` SDK from this process to the same scripted server, measured in
// the same run, interleaved. Each Parapet turn opens a new session, so every request has the same
// size; the direct request carries the user's message only (what Parapet adds to the request, the
// system prompt and tool list, is part of what it costs). Reported: added µs (medians' difference)
// for first token and whole turn, and the whole turn's added µs against the grpc echo round trip.
import OpenAI from 'openai';
import { startScriptedModel } from '@parapet/shield/testing';
import { startEngineProcess } from './support/engine-process.mjs';
import { connectClient, median, runTurn } from './support/turns.mjs';

const WARM_UP = 30;
const RUNS = 60;
const ANSWER = 'Here is a short answer of a few tokens, streamed the way providers stream it.';

async function directTurn(openai) {
  const started = process.hrtime.bigint();
  const since = () => Number(process.hrtime.bigint() - started) / 1e3;
  let firstTokenUs;
  let text = '';
  const chunks = await openai.chat.completions.create({ model: 'bench', messages: [{ role: 'user', content: 'hello' }], stream: true, stream_options: { include_usage: true } });
  for await (const chunk of chunks) {
    const content = chunk.choices[0]?.delta.content;
    if (content) {
      firstTokenUs ??= since();
      text += content;
    }
  }
  if (text !== ANSWER) throw new Error(`turn overhead: the direct answer was ${JSON.stringify(text)}`);
  return { us: since(), firstTokenUs };
}

async function parapetTurn(connection) {
  const result = await runTurn(connection, 'hello', { actions: 0 });
  if (result.firstTokenUs === undefined) throw new Error('turn overhead: the Parapet turn streamed no token');
  return result;
}

/** `echoUs` is the grpc echo round trip measured in this run. */
export async function benchTurnOverhead(echoUs) {
  const model = await startScriptedModel({ respond: () => ({ text: ANSWER }), recordRequests: false });
  const engine = await startEngineProcess({ llmUrl: model.url });
  const openai = new OpenAI({ baseURL: model.url, apiKey: 'no-key', maxRetries: 0 });
  try {
    const connection = connectClient(engine);
    for (let i = 0; i < WARM_UP; i++) {
      await parapetTurn(connection);
      await directTurn(openai);
    }
    const parapet = [];
    const direct = [];
    for (let i = 0; i < RUNS; i++) {
      parapet.push(await parapetTurn(connection));
      direct.push(await directTurn(openai));
    }
    connection.close();
    const at = (runs, key) => median(runs.map((r) => r[key]));
    const addedTurnUs = at(parapet, 'us') - at(direct, 'us');
    return {
      addedFirstTokenUs: Math.round(at(parapet, 'firstTokenUs') - at(direct, 'firstTokenUs')),
      addedTurnUs: Math.round(addedTurnUs),
      addedTurnVsEcho: Math.round((addedTurnUs / echoUs) * 10) / 10,
      parapetUs: { firstToken: Math.round(at(parapet, 'firstTokenUs')), turn: Math.round(at(parapet, 'us')) },
      directUs: { firstToken: Math.round(at(direct, 'firstTokenUs')), turn: Math.round(at(direct, 'us')) },
    };
  } finally {
    await engine.stop();
    await model.close();
  }
}
