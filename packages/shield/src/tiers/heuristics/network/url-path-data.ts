import { decodePercent } from '../decode/escapes.js';
import type { Judge } from '../judge.js';
import { judgeProse } from '../rules/prose.js';

/**
 * A URL's path carries data out as well as its query does (`/collect/<base64 of a key>`): when a
 * segment holds a long encoded-looking run, the path is read like the query, decoded and searched
 * for secrets, whole and segment by segment (a base64 run may hold `/`, or start after one). A
 * long identifier alone is not data (document ids, avatars), so nothing is asked for it; hex
 * digests (`/sha256/9f86…`) and readable slugs are not read at all.
 */
const ENCODED_RUN = /[A-Za-z0-9+_-]{24,}={0,2}/gu;
const HEX_ONLY = /^[0-9a-fA-F]+$/u;

function carriesEncodedRun(path: string): boolean {
  for (const m of path.matchAll(ENCODED_RUN)) {
    const run = m[0].replace(/=+$/u, '');
    if (!HEX_ONLY.test(run) && /\d/u.test(run) && /[A-Z]/u.test(run)) return true;
  }
  return false;
}

export function judgeUrlPathData(path: string, judge: Judge): void {
  const decoded = decodePercent(path);
  if (!carriesEncodedRun(decoded)) return;
  const options = { weakSecretsEscalate: false };
  judgeProse(decoded, judge, 'outbound', options);
  if (!judge.findings.blocked)
    judgeProse(decoded.split('/').filter(Boolean).join('\n'), judge, 'outbound', options);
}
