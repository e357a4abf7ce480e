import { userInfo } from 'node:os';
import type { CliIo } from './io.js';

/** Who answers an approval from this terminal, as the audit trail records it. */
export function answeredBy(io: CliIo): string {
  let user = io.env['USER'] ?? '';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (a container): the environment's name, or none.
  }
  return `${user || 'unknown user'} (parapet cli, pid ${process.pid})`;
}
