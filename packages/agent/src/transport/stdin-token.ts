import type { Readable } from 'node:stream';

/** A token is 64 hex characters; anything much longer is not a token. */
const MAX_TOKEN_LINE = 1024;

/**
 * Reads the per-spawn token from the first line of stdin: the token never sits in the environment or
 * on the command line, where other processes could read it. The input stays open afterwards (the
 * engine holds it for its whole life; see `onEngineGone`).
 */
export function readTokenLine(input: Readable): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const finish = (error?: Error): void => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', onError);
      input.pause();
      if (error) reject(error);
      else resolve(buffered.split('\n', 1)[0]?.trim() ?? '');
    };
    const onData = (chunk: Buffer | string): void => {
      buffered += String(chunk);
      if (buffered.includes('\n')) finish();
      else if (buffered.length > MAX_TOKEN_LINE) finish(new Error('stdin did not start with a token line'));
    };
    const onEnd = (): void => finish();
    const onError = (error: Error): void => finish(error);
    input.on('data', onData);
    input.on('end', onEnd);
    input.on('error', onError);
  });
}
