import { join } from 'node:path';

/** The project's own corpus (`packages/shield/corpus`), the same two levels up from `src/eval` and `dist/eval`. */
export const PROJECT_CORPUS = join(import.meta.dirname, '../../corpus');
