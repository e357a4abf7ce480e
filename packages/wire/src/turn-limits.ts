/** What `max_rounds: 0` in a Process directive means: both ends hold a turn to this many model rounds. */
export const DEFAULT_MAX_ROUNDS = 25;
