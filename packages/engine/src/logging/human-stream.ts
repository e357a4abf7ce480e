import { Writable } from 'node:stream';
import { formatHumanLine } from './human-line.js';

/** A pino destination that writes each JSON record to `out` as a human line (colours on a TTY). */
export function humanStream(out: NodeJS.WritableStream & { readonly isTTY?: boolean }): Writable {
  const color = out.isTTY === true;
  return new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (line.trim() === '') continue;
        let text = line;
        try {
          text = formatHumanLine(JSON.parse(line) as Record<string, unknown>, color);
        } catch {
          // Not a record: pass it on as it came.
        }
        out.write(`${text}\n`);
      }
      done();
    },
  });
}
