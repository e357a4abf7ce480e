/** Runs shorter than this finish before a bar would be worth drawing. */
export const PROGRESS_MIN_CASES = 50;

const BAR_WIDTH = 30;

/** One terminal line, e.g. `eval [##########--------------------]  120/360 cases`. */
export function renderEvalProgress(done: number, total: number): string {
  const fraction = total <= 0 ? 1 : Math.min(1, Math.max(0, done / total));
  const filled = Math.floor(fraction * BAR_WIDTH);
  const count = `${done}/${total}`.padStart(2 * String(total).length + 1);
  return `eval [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${count} cases`;
}

/**
 * A progress callback that redraws one line in place (`\r`) and erases it when the run ends, so
 * the table printed afterwards starts on a clean line. Short runs draw nothing.
 */
export function terminalProgress(write: (text: string) => void): (done: number, total: number) => void {
  let drawn = '';
  let lastPercent = -1;
  return (done, total) => {
    if (total < PROGRESS_MIN_CASES) return;
    if (done >= total) {
      write(`\r${' '.repeat(drawn.length)}\r`);
      return;
    }
    // At most one redraw per percent: a fast run should not spend its time on the terminal.
    const percent = Math.floor((100 * done) / total);
    if (percent === lastPercent) return;
    lastPercent = percent;
    drawn = renderEvalProgress(done, total);
    write(`\r${drawn}`);
  };
}
