import type { Judge, PathUse } from '../judge.js';
import { defineRule } from '../registry.js';

export const REGENERABLE_OUTSIDE_RULES = {
  cacheDelete: defineRule(
    'destructive.delete_cache_outside',
    'escalate',
    'deletes caches or temporary files outside the workspace',
  ),
};

/** Folders tools fill with what they can fetch or build again (XDG's `~/.cache`, npm's `_cacache`). */
const CACHE_SEGMENT = /\/(?:\.?cache|caches|Caches|_cacache|_npx|\.pnpm-store)(?:\/|$)/u;
/** A name made only of wildcards (`*`, `?*`): it picks every file of its folder. */
const ONLY_WILDCARDS = /^[*?[\]]+$/u;

/**
 * What a delete outside the workspace loses when it only removes caches or one named entry of a
 * temporary folder (`rm -rf ~/.cache/pip`, `rm -rf /tmp/build-42`): files tools make again, which
 * is a person's call rather than a refusal. The home, a temporary folder's root or all of its
 * entries are not that.
 */
export function regenerableOutside(use: PathUse, judge: Judge): boolean {
  const { path, traits } = use;
  if (path.dynamic) return false;
  const base = path.absolute.slice(path.absolute.lastIndexOf('/') + 1);
  if (path.glob && ONLY_WILDCARDS.test(base)) return false;
  const home = judge.scope.home;
  if (home !== '/' && path.absolute.startsWith(`${home}/`))
    return CACHE_SEGMENT.test(path.absolute.slice(home.length));
  return traits.temp && path.absolute.split('/').length > 2;
}
