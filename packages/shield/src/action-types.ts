/**
 * The action types the Shield knows, and the aliases other harnesses use for them. A type that is
 * neither known nor an alias is unknown: it never passes on heuristics alone.
 */
export const KNOWN_ACTION_TYPES = [
  'read_file',
  'write_file',
  'delete_file',
  'move_file',
  'copy_file',
  'list_directory',
  'search_files',
  'delete_directory',
  'create_directory',
  'execute_command',
  'http_request',
  'send_email',
  'git_status',
  'git_diff',
  'git_log',
  'git_show',
  'git_add',
  'git_commit',
  'git_branch',
  'git_checkout',
  'git_fetch',
  'git_pull',
  'git_push',
  'git_clone',
  'memory_write',
  'memory_search',
  'read_calendar',
  'create_agent',
  'agent_message',
  'create_schedule',
] as const;

export type KnownActionType = (typeof KNOWN_ACTION_TYPES)[number];

const ALIASES: Readonly<Record<string, KnownActionType>> = {
  shell_command: 'execute_command',
  shell: 'execute_command',
  run_command: 'execute_command',
  bash: 'execute_command',
  file_read: 'read_file',
  file_write: 'write_file',
  file_delete: 'delete_file',
  file_move: 'move_file',
  file_copy: 'copy_file',
  email: 'send_email',
  http: 'http_request',
  fetch_url: 'http_request',
  web_request: 'http_request',
  list_files: 'list_directory',
  mkdir: 'create_directory',
  grep: 'search_files',
  schedule: 'create_schedule',
  spawn_agent: 'create_agent',
  make_directory: 'create_directory',
  memory_read: 'memory_search',
  calendar_read: 'read_calendar',
  list_events: 'read_calendar',
};

const known = new Set<string>(KNOWN_ACTION_TYPES);

/** The canonical type for `type`, or undefined when the Shield does not know it. */
export function canonicalActionType(type: string): KnownActionType | undefined {
  const normalized = type.trim().toLowerCase();
  if (known.has(normalized)) return normalized as KnownActionType;
  // Own keys only: a type named like an Object.prototype member ("constructor") is unknown.
  return Object.hasOwn(ALIASES, normalized) ? ALIASES[normalized] : undefined;
}
