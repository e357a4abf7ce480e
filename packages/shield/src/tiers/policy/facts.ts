import { canonicalActionType, type KnownActionType } from '../../action-types.js';
import { caseless } from '../../caseless.js';
import { canonicalPath, type PathContext } from '../../paths.js';

/** What tier 0 matches on, extracted once per action. */
export interface ActionFacts {
  /** Canonical type, or undefined when the Shield does not know the type. */
  readonly type: KnownActionType | undefined;
  readonly paths: readonly string[];
  readonly commands: readonly string[];
  readonly hosts: readonly string[];
  readonly emailDomains: readonly string[];
}

const PATH_FIELDS = new Set([
  'path', 'paths', 'file', 'files', 'filename', 'source', 'src', 'destination', 'dest', 'target', 'targets',
  'directory', 'dir', 'cwd', 'attachment', 'attachments', 'decoded_path', 'actual_target', 'apparent_target',
  'to_path', 'from_path',
]);
const COMMAND_FIELDS = new Set(['command', 'cmd', 'script', 'commands', 'decoded']);
const HOST_FIELDS = new Set(['host', 'hostname', 'domain']);
const RECIPIENT_FIELDS = new Set(['to', 'cc', 'bcc', 'recipient', 'recipients', 'email', 'address']);

const URL_IN_TEXT = caseless(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>`|;)]+/giu);
const EMAIL_IN_TEXT = caseless(/[^\s<>,;:"'@]+@([a-z0-9.-]+\.[a-z0-9-]+)/giu);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** Every string anywhere in the payload (bounded depth: payloads are small, cycles impossible in JSON). */
function allStrings(value: unknown, out: string[], depth = 0): string[] {
  if (depth > 8) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) allStrings(item, out, depth + 1);
  else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) allStrings(item, out, depth + 1);
  }
  return out;
}

export function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/\.$/u, '');
}

function hostOf(text: string): string | undefined {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//iu.test(text) ? text : `http://${text}`);
    return url.hostname === '' ? undefined : normalizeHost(url.hostname);
  } catch {
    return undefined;
  }
}

export function extractFacts(
  action: { readonly type: string; readonly payload: Readonly<Record<string, unknown>> },
  context: PathContext,
): ActionFacts {
  const paths: string[] = [];
  const commands: string[] = [];
  const hosts = new Set<string>();
  const emailDomains = new Set<string>();
  for (const [key, value] of Object.entries(action.payload)) {
    const field = key.toLowerCase();
    if (PATH_FIELDS.has(field)) for (const p of strings(value)) if (p.trim() !== '') paths.push(canonicalPath(p, context));
    if (COMMAND_FIELDS.has(field)) commands.push(...strings(value));
    if (HOST_FIELDS.has(field)) for (const h of strings(value)) hosts.add(normalizeHost(h));
    if (field === 'url' || field === 'urls' || field === 'endpoint') {
      for (const u of strings(value)) {
        const host = hostOf(u.trim());
        if (host !== undefined) hosts.add(host);
      }
    }
    if (RECIPIENT_FIELDS.has(field)) {
      for (const text of strings(value)) {
        if (!text.includes('@')) continue;
        for (const m of text.matchAll(EMAIL_IN_TEXT.for(text))) emailDomains.add(normalizeHost(m[1] ?? ''));
      }
    }
  }
  // URLs anywhere (command lines, bodies) count as hosts the action talks to or mentions.
  for (const text of allStrings(action.payload, [])) {
    // Every URL has a `://`: most strings have none and skip the scan.
    if (!text.includes('://')) continue;
    for (const m of text.matchAll(URL_IN_TEXT.for(text))) {
      const host = hostOf(m[0]);
      if (host !== undefined) hosts.add(host);
    }
  }
  return {
    type: canonicalActionType(action.type),
    paths,
    commands,
    hosts: [...hosts],
    emailDomains: [...emailDomains],
  };
}
