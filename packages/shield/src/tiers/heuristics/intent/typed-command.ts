import type { UserRequest } from '../../../types.js';

/**
 * The user typed the action's command word for word ("run amtool silence add …"): it is their
 * request, whatever words it lacks. Not when the turn also read content from elsewhere, which may
 * have put it there.
 */
export function userTypedCommand(
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
): boolean {
  const command = payload['command'];
  if (typeof command !== 'string' || request === undefined || request.untrustedContent)
    return false;
  const trimmed = command.trim();
  return trimmed !== '' && request.text.includes(trimmed);
}
