import type { Rule } from '../registry.js';
import { LOCATION_RULES } from '../rules/locations.js';
import type { Waivers } from './waivers.js';
import { userTyped, type SaidWords } from './words.js';

/** The suffixes projects give the templates of files each machine fills in (`.env.example`). */
const TEMPLATE_SUFFIX = /\.(?:example|sample|template|tmpl|dist|defaults?)$/u;
/** A path in the workspace, relative and climbing nowhere. */
const WORKSPACE_RELATIVE = /^(?!\/|~|\$)(?!.*(?:^|\/)\.\.(?:\/|$))[\w./-]+$/u;
/** `cp [-n|-i] TEMPLATE FILE`, alone. */
const LONE_COPY = /^\s*cp(?:\s+-[ni])?\s+(\S+)\s+(\S+)\s*$/u;

/**
 * A file made from the project's own template of it, as the user asked ("create my local .env
 * from the example" for `.env.example` → `.env`): what lands in the file is the template the
 * project ships, placeholders and all. Only "writes a file that holds secrets" is settled.
 */
function fromItsTemplate(source: string, destination: string, words: SaidWords): boolean {
  if (!WORKSPACE_RELATIVE.test(source) || !WORKSPACE_RELATIVE.test(destination)) return false;
  if (!TEMPLATE_SUFFIX.test(source) || source.replace(TEMPLATE_SUFFIX, '') !== destination)
    return false;
  return userTyped(destination, words) || userTyped(destination.replace(/^.*\//u, ''), words);
}

const settled = (): Waivers => ({
  rules: new Set<Rule>([LOCATION_RULES.secretFileWrite]),
  requestedByUser: false,
});

export function templateCopyWaivers(
  payload: Readonly<Record<string, unknown>>,
  words: SaidWords,
): Waivers | undefined {
  const { source, destination } = payload;
  if (typeof source !== 'string' || typeof destination !== 'string') return undefined;
  return fromItsTemplate(source, destination, words) ? settled() : undefined;
}

export function templateCopyCommandWaivers(command: string, words: SaidWords): Waivers | undefined {
  const [, source, destination] = LONE_COPY.exec(command) ?? [];
  if (source === undefined || destination === undefined) return undefined;
  return fromItsTemplate(source, destination, words) ? settled() : undefined;
}
