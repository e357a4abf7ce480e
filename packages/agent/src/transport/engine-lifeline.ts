import type { Readable } from 'node:stream';

/**
 * Calls `gone` once when the engine's end of our stdin closes. The engine keeps that pipe open for
 * its whole life, so end-of-file means it died (even by SIGKILL) and the agent must not outlive it.
 */
export function onEngineGone(input: Readable, gone: () => void): void {
  let fired = false;
  const fire = (): void => {
    if (fired) return;
    fired = true;
    gone();
  };
  if (input.readableEnded || input.destroyed) {
    fire();
    return;
  }
  input.on('end', fire);
  input.on('close', fire);
  input.on('error', fire);
  // Anything after the token line is ignored; reading on is what lets the end be seen.
  input.on('data', () => undefined);
  input.resume();
}
