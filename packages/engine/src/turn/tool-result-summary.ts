import type { StoredToolCall } from '../storage/index.js';

/** Results this short are sent whole even in old turns: a summary would not be shorter. */
const KEEP_WHOLE_BYTES = 200;
const ERROR_EXCERPT_CHARS = 80;

const VERBS: Readonly<Record<string, string>> = {
  read_file: 'read',
  write_file: 'wrote',
  list_directory: 'listed',
  search_files: 'searched',
  grep: 'searched',
  execute_command: 'ran',
  http_request: 'fetched',
  memory_search: 'searched memory for',
  memory_write: 'noted',
};

const KINDS: Readonly<Record<string, string>> = {
  md: 'Markdown',
  json: 'JSON',
  yaml: 'YAML',
  yml: 'YAML',
  ts: 'TypeScript',
  js: 'JavaScript',
  py: 'Python',
  html: 'HTML',
  csv: 'CSV',
  txt: 'text',
};

/**
 * A tool result from an older turn as one line ("read notes.md: 4 512 bytes of Markdown"): the model
 * keeps what it did without the tokens of what it saw.
 */
export function summarizeToolResult(call: StoredToolCall | undefined, content: string): string {
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes <= KEEP_WHOLE_BYTES) return content;
  const args = parseArguments(call?.argumentsJson ?? '');
  const target = firstString(args, ['path', 'command', 'url', 'query', 'pattern', 'source']);
  const name = call?.name ?? 'tool';
  const action = target ? `${VERBS[name] ?? name} ${target}` : (VERBS[name] ?? name);
  if (content.startsWith('Error:')) {
    const firstLine = content.split('\n')[0] ?? '';
    return `${action}: failed (${firstLine.slice(0, ERROR_EXCERPT_CHARS)}) [older result, shortened]`;
  }
  return `${action}: ${groupDigits(bytes)} bytes of ${kindOf(target)} [older result, shortened]`;
}

function parseArguments(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function firstString(args: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = args[key];
    if (typeof value === 'string' && value !== '') return value.length > 120 ? `${value.slice(0, 120)}…` : value;
  }
  return undefined;
}

function kindOf(target: string | undefined): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(target ?? '')?.[1]?.toLowerCase();
  return (extension && KINDS[extension]) ?? 'text';
}

/** 4512 → "4 512", as the brief's example reads. */
function groupDigits(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
