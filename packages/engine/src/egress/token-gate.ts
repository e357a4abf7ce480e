import { timingSafeEqual } from 'node:crypto';
import type { Socket } from 'node:net';

/** The gate's answer once the token matched; the forwarder waits for it before sending anything else. */
export const GATE_OPEN = 'OK\n';

/** A first line longer than this is not a token: the connection is dropped. */
const MAX_PREAMBLE_BYTES = 256;

/**
 * A Unix socket is reachable by its path from every process of the user, the agent included (its
 * permission model does not gate connects). The proxy therefore serves a connection only once its
 * first line is the token the engine gave the executor on its stdin; anything else, or anything
 * sent before the gate answers, drops the connection.
 */
export function gateByToken(socket: Socket, token: string, admitted: (socket: Socket) => void): void {
  const expected = Buffer.from(`${token}\n`);
  let buffered = Buffer.alloc(0);
  const onData = (chunk: Buffer): void => {
    buffered = Buffer.concat([buffered, chunk]);
    const newline = buffered.indexOf(0x0a);
    if (newline === -1) {
      if (buffered.length > MAX_PREAMBLE_BYTES) socket.destroy();
      return;
    }
    socket.off('data', onData);
    const line = buffered.subarray(0, newline + 1);
    if (newline + 1 !== buffered.length || line.length !== expected.length || !timingSafeEqual(line, expected)) {
      socket.destroy();
      return;
    }
    socket.write(GATE_OPEN);
    admitted(socket);
  };
  socket.on('error', () => socket.destroy());
  socket.on('data', onData);
}
