import type { Findings } from './findings.js';
import { resolvePath, type PathScope, type ResolvedPath } from './paths/resolve.js';
import { classifyPath, type PathTraits } from './paths/taxonomy.js';
import { decodeSurface } from './decode/escapes.js';

/** What every rule gets: where the action runs and where to report. */
export interface Judge {
  readonly scope: PathScope;
  readonly findings: Findings;
}

/** A path an action touches, resolved and classified. */
export interface PathUse {
  readonly raw: string;
  readonly path: ResolvedPath;
  readonly traits: PathTraits;
}

/** Resolves `raw` (decoding %xx, entities and \x escapes a path may hide behind) against `cwd`. */
export function usePath(raw: string, scope: PathScope, cwd: string = scope.cwd): PathUse {
  const key = `${cwd}\u0000${raw}`;
  const known = scope.judged?.get(key);
  if (known !== undefined) return known;
  // `file://` URIs name local paths; a NUL ends the path for every C API underneath.
  let decoded = decodeSurface(raw);
  if (decoded.includes('\0')) decoded = decoded.replace(/\0.*$/su, '');
  if ((decoded.charCodeAt(0) | 0x20) === 0x66 /* f or F */)
    decoded = decoded.replace(/^file:\/\/(?:localhost)?(?=\/)/iu, '');
  const path = resolvePath(decoded, scope, cwd);
  const use: PathUse = { raw, path, traits: classifyPath(path, scope) };
  scope.judged?.set(key, use);
  return use;
}
