import type { Writer } from '../render-turn.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 80;

/**
 * A spinner on a terminal while the turn has shown nothing yet. The returned writer stops it at the
 * first output, clearing its line, so the answer starts where the spinner was.
 */
export function withSpinner(out: Writer, enabled: boolean): { readonly out: Writer; stop(): void } {
  if (!enabled) return { out, stop: () => undefined };
  let frame = 0;
  let timer: NodeJS.Timeout | undefined = setInterval(() => {
    out.write(`\r${FRAMES[frame % FRAMES.length] ?? ''} thinking…`);
    frame += 1;
  }, FRAME_MS);
  const stop = (): void => {
    if (timer === undefined) return;
    clearInterval(timer);
    timer = undefined;
    if (frame > 0) out.write('\r\u001b[K');
  };
  return {
    out: {
      write(text: string) {
        stop();
        return out.write(text);
      },
    },
    stop,
  };
}
