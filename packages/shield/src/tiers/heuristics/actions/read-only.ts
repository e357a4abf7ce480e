import type { KnownActionType } from '../../../action-types.js';

/** Action types that read this machine and can neither send, write nor run anything. */
export const READ_ONLY_ACTION_TYPES: ReadonlySet<string> = new Set<KnownActionType>([
  'read_file',
  'list_directory',
  'search_files',
  'git_status',
  'git_diff',
  'git_log',
  'git_show',
  'memory_search',
  'read_calendar',
]);
