// The baseline of bench/ws-fanout.mjs: a bare `ws` server that broadcasts the frames it is given,
// restamped with the time of sending, to every connected socket, paced like the engine's turn.
import { WebSocketServer } from 'ws';

const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
server.on('listening', () => process.send({ port: server.address().port }));
process.on('message', async ({ frames, gapMs }) => {
  for (const frame of frames) {
    const text = JSON.stringify({ ...frame, event: { ...frame.event, ts: new Date().toISOString() } });
    for (const client of server.clients) client.send(text);
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  for (const client of server.clients) client.send(JSON.stringify({ end: true }));
});
