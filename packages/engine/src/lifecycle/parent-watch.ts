import type { Readable } from 'node:stream';

/**
 * Calls `onGone` once when `pipe` (the parent's end of our stdin) reaches end-of-file or fails. The
 * parent holds the other end open for its whole life, so this fires when it dies, however it dies:
 * Node has no prctl(PR_SET_PDEATHSIG), and a pipe works inside the agent's sandbox too.
 */
export function onParentGone(pipe: Readable, onGone: () => void): void {
  let fired = false;
  const fire = (): void => {
    if (fired) return;
    fired = true;
    onGone();
  };
  pipe.on('end', fire);
  pipe.on('close', fire);
  pipe.on('error', fire);
  // Flowing mode, discarding anything written: only the end matters.
  pipe.on('data', () => undefined);
  pipe.resume();
}
