import { isWithin } from '../config/paths.js';
import { ExecutionError } from '../executors/errors.js';
import { JAIL_WORKSPACE } from './protocol.js';

/** `workspace/x` as the confined executor sees it (`/workspace/x`); undefined when outside. */
export function toJailPath(workspace: string, absolute: string): string | undefined {
  if (!isWithin(workspace, absolute)) return undefined;
  return absolute === workspace ? JAIL_WORKSPACE : `${JAIL_WORKSPACE}${absolute.slice(workspace.length)}`;
}

/**
 * The payload with its path fields translated to the executor's view. A path field outside the
 * workspace (which the protect stage already refuses) is refused again here: fail closed.
 */
export function toJailPayload(
  workspace: string,
  payload: Readonly<Record<string, unknown>>,
  pathFields: readonly string[],
): Record<string, unknown> {
  const translated: Record<string, unknown> = { ...payload };
  for (const field of pathFields) {
    const value = payload[field];
    const mapped = typeof value === 'string' ? toJailPath(workspace, value) : undefined;
    if (mapped === undefined) throw new ExecutionError(`${field}: not a path inside the workspace (refused)`);
    translated[field] = mapped;
  }
  return translated;
}

/** Protected paths the executor can reach (those inside the workspace), in its view. */
export function toJailPaths(workspace: string, paths: readonly string[]): string[] {
  return paths.flatMap((p) => {
    const mapped = toJailPath(workspace, p);
    return mapped === undefined ? [] : [mapped];
  });
}

const JAIL_PREFIX = new RegExp(`(^|[\\s'"(=])${JAIL_WORKSPACE}(?=/|$|[\\s'"):,;])`, 'gu');

/** A message from the executor with its view's workspace paths shown as the real ones again. */
export function fromJailText(workspace: string, text: string): string {
  return text.replace(JAIL_PREFIX, (_match, before: string) => `${before}${workspace}`);
}
