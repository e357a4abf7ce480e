import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent.
 * V8's own factor reaches 4× when collections are cheap, which they are for the engine: over 500
 * turns of one session its live heap stays near 40 MB, yet the old generation grew to 150–180 MB of
 * garbage between collections and RSS followed (bench `long-session`). At 1.5× the old generation
 * stays near 55 MB for a few milliseconds more of marking every dozen turns.
 */
export const ENGINE_HEAP_GROWING_PERCENT = 50;

/** Applies ENGINE_HEAP_GROWING_PERCENT to this process; V8 reads it after each full collection. */
export function boundEngineHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${ENGINE_HEAP_GROWING_PERCENT}`);
}
