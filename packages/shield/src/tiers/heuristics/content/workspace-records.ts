import { usePath, type Judge } from '../judge.js';
import { pathTokens } from '../paths/extract.js';
import { sensitivityOf } from '../paths/taxonomy.js';

/** Words for a harness's own records, which no workspace folder of that name stands for. */
const HARNESS_RECORDS = /\b(?:audit|chronicle|snapshots?|shell history)\b/iu;

/**
 * Whether the logs or backups a text talks of are folders of the workspace it names (`logs/`,
 * `backups/old`): every path it names is inside the workspace and plain, and it does not speak of
 * the audit trail, the chronicle or shell history, which live elsewhere whatever it names.
 */
export function recordsInWorkspace(text: string, judge: Judge): boolean {
  if (HARNESS_RECORDS.test(text)) return false;
  const tokens = pathTokens(text);
  if (tokens.length === 0) return false;
  return tokens.every((token) => {
    const use = usePath(token, judge.scope);
    return (
      use.path.inWorkspace &&
      !use.path.dynamic &&
      sensitivityOf(use.traits) === undefined &&
      use.traits.agentControl === undefined &&
      use.traits.securityControl === undefined
    );
  });
}
