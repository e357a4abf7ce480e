import type { KnownActionType } from '../../../action-types.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { emptyList } from '../lists.js';

/** What is wrong with a payload's shape: a type or field the Shield does not know, or lacks. */
export const PAYLOAD_RULES = {
  unknownType: defineRule(
    'payload.unknown_action_type',
    'escalate',
    'is an action type the Shield does not know',
  ),
  unknownField: defineRule(
    'payload.unknown_field',
    'escalate',
    'has payload fields the heuristics do not understand',
  ),
  missingField: defineRule('payload.missing_field', 'escalate', 'lacks a field needed to judge it'),
  malformedField: defineRule(
    'payload.malformed_field',
    'escalate',
    'has a field of an unexpected type',
  ),
};

interface FieldSpec {
  /** Each entry: alternatives of which at least one must be present. */
  readonly required: readonly (readonly string[])[];
  readonly allowed: ReadonlySet<string>;
}

const spec = (required: readonly (readonly string[])[], optional: string): FieldSpec => ({
  required,
  allowed: new Set([...required.flat(), ...optional.split(' ').filter(Boolean)]),
});

/**
 * The payload fields each action type is understood by. A field outside this list may carry
 * anything to the executor, so its presence alone sends the action to a human.
 */
export const FIELD_SPECS: Readonly<Record<KnownActionType, FieldSpec>> = {
  read_file: spec([['path']], 'offset limit start_line end_line max_bytes encoding'),
  write_file: spec([['path'], ['content']], 'append mode create_dirs encoding overwrite'),
  delete_file: spec([['path']], 'recursive force'),
  delete_directory: spec([['path']], 'recursive force'),
  create_directory: spec([['path']], 'parents recursive mode'),
  move_file: spec(
    [
      ['source', 'from', 'src'],
      ['destination', 'to', 'dest'],
    ],
    'overwrite',
  ),
  copy_file: spec(
    [
      ['source', 'from', 'src'],
      ['destination', 'to', 'dest'],
    ],
    'overwrite recursive',
  ),
  list_directory: spec([], 'path recursive depth max_depth include_hidden pattern'),
  search_files: spec(
    [['pattern', 'query']],
    'path glob include exclude regex case_sensitive max_results',
  ),
  execute_command: spec([['command']], 'cwd working_directory timeout timeout_ms description env'),
  http_request: spec([['url']], 'method headers body query params timeout json'),
  send_email: spec([['to']], 'cc bcc subject body html attachments attachment from reply_to'),
  git_status: spec([], 'path short'),
  git_diff: spec([], 'path paths staged cached ref base target stat'),
  git_log: spec([], 'path paths ref max_count limit since until author oneline'),
  git_show: spec([], 'path ref'),
  git_add: spec([['paths', 'files']], 'path'),
  git_commit: spec([['message']], 'path paths files all amend no_verify author'),
  git_branch: spec([], 'path branch'),
  git_checkout: spec([['ref']], 'path create'),
  git_fetch: spec([], 'path remote'),
  git_pull: spec([], 'path remote branch'),
  git_push: spec([], 'path remote branch force force_with_lease set_upstream tags delete'),
  git_clone: spec([['url'], ['directory']], ''),
  memory_write: spec([['content', 'value', 'text']], 'key path file section mode tags title'),
  memory_search: spec([['query', 'key']], 'limit max_results tags'),
  read_calendar: spec([], 'date from to start end calendar days max_results query'),
  create_agent: spec(
    [['task', 'prompt', 'instructions']],
    'name tools tool_groups model description',
  ),
  agent_message: spec([['instruction', 'message', 'content']], 'to_agent to from_agent from'),
  create_schedule: spec(
    [
      ['cron', 'schedule', 'at', 'interval'],
      ['command', 'task', 'action', 'prompt'],
    ],
    'name description',
  ),
};

const ENCODINGS = /^(?:utf-?8|utf-?16(?:le|be)?|ascii|latin-?1|binary|base64)$/iu;

/** Reports unknown, missing and mistyped fields; returns the names of unknown fields. */
export function checkFields(
  type: KnownActionType,
  payload: Readonly<Record<string, unknown>>,
  judge: Judge,
): string[] {
  const fieldSpec = FIELD_SPECS[type];
  const unknown = Object.keys(payload).filter((k) => !fieldSpec.allowed.has(k));
  if (unknown.length > 0) judge.findings.add(PAYLOAD_RULES.unknownField, unknown.join(', '));
  for (const alternatives of fieldSpec.required) {
    if (
      !alternatives.some(
        (name) => payload[name] !== undefined && payload[name] !== null && payload[name] !== '',
      )
    ) {
      judge.findings.add(PAYLOAD_RULES.missingField, alternatives.join(' or '));
    }
  }
  const encoding = payload['encoding'];
  if (
    fieldSpec.allowed.has('encoding') &&
    encoding !== undefined &&
    (typeof encoding !== 'string' || !ENCODINGS.test(encoding))
  ) {
    judge.findings.add(PAYLOAD_RULES.malformedField, 'encoding');
  }
  return unknown;
}

/** A field that must be text: anything else is malformed (and judged as missing). */
export function stringField(
  payload: Readonly<Record<string, unknown>>,
  names: readonly string[],
  judge: Judge,
): string | undefined {
  for (const name of names) {
    const value = payload[name];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') return value;
    judge.findings.add(PAYLOAD_RULES.malformedField, name);
    return undefined;
  }
  return undefined;
}

/** A field that may be one string or a list of strings (recipients, attachments, paths). */
export function stringList(
  payload: Readonly<Record<string, unknown>>,
  names: readonly string[],
  judge: Judge,
): string[] {
  const out: string[] = emptyList();
  for (const name of names) {
    const value = payload[name];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') out.push(...value.split(/\s*[,;]\s*/u).filter(Boolean));
    else if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      out.push(...(value as string[]));
    else judge.findings.add(PAYLOAD_RULES.malformedField, name);
  }
  return out;
}

const MAX_STRINGS = 256;

/** Every string inside a value (object keys included), bounded in depth and count. */
export function stringsIn(value: unknown): string[] {
  const out: string[] = emptyList();
  const visit = (v: unknown, depth: number): void => {
    if (depth > 6 || out.length >= MAX_STRINGS) return;
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) for (const item of v) visit(item, depth + 1);
    else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        out.push(key);
        // `{"code": 118274}` says what its value is only beside its key.
        if (typeof item === 'number' || (typeof item === 'string' && item.length <= 64))
          out.push(`${key}: ${String(item)}`);
        visit(item, depth + 1);
      }
    }
  };
  visit(value, 0);
  return out;
}

/** More strings than {@link stringsIn} reads: the rest would go unjudged. */
export function tooManyStrings(value: unknown): boolean {
  return stringsIn(value).length >= MAX_STRINGS;
}

/**
 * A request's body as it is sent: a string as it is, a structured body (`body` or `json`) as the
 * JSON it becomes, so rules can read the shapes APIs use (`"role": "owner"`).
 */
export function sentBodies(payload: Readonly<Record<string, unknown>>): string[] {
  return [payload['body'], payload['json']].map((body) =>
    typeof body === 'string' ? body : (JSON.stringify(body) ?? ''),
  );
}
