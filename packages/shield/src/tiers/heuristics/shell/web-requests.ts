import type { PathScope } from '../paths/resolve.js';
import { CURL_DATA, CURL_VALUES } from './network-effects.js';
import { operands, optionValues } from './options.js';
import type { SimpleCommand } from './model.js';
import { parseCommandLine } from './parse.js';

export const HTTP_CLIENTS = new Set(['curl', 'wget', 'http', 'https', 'xh']);
/** Headers that carry a credential to the server (vendors' own too: `X-Shopify-Access-Token`). */
const AUTH_HEADER_NAMES =
  '(?:authorization|proxy-authorization|private-token|(?:x-(?:[\\w-]+-)?)?(?:api-?key|access-token|auth-token|auth-key|token))';
export const AUTH_HEADER = new RegExp(String.raw`^\s*${AUTH_HEADER_NAMES}\s*:`, 'iu');
export const AUTH_HEADER_NAME = new RegExp(`^${AUTH_HEADER_NAMES}$`, 'iu');

export const AUTH_OPTIONS = [
  '-u',
  '--user',
  '--oauth2-bearer',
  '--password',
  '--http-password',
  '-a',
  '--auth',
];
/** Options that hand a web client a cookie jar or a stored login (`-b jar.txt`, `--netrc`). */
const SESSION_OPTIONS = ['-b', '--cookie', '--load-cookies', '--netrc-file'];

/**
 * A web client that signs in (a credential header, a user and password, a cookie jar, the netrc):
 * what it fetches is the account's, not the public page's.
 */
export function fetchesSignedIn(cmd: SimpleCommand): boolean {
  if (!HTTP_CLIENTS.has(cmd.name)) return false;
  if (cmd.args.some((arg) => arg.text === '-n' || arg.text === '--netrc')) return true;
  if (optionValues(cmd.args, [...AUTH_OPTIONS, ...SESSION_OPTIONS]).length > 0) return true;
  return optionValues(cmd.args, ['-H', '--header']).some(
    (header) => AUTH_HEADER.test(header.text) || /^\s*cookie\s*:/iu.test(header.text),
  );
}

/** A web request a command line makes, in the fields of an `http_request` action. */
export interface CommandWebRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * The requests each `curl` of a command line makes, so that what judges an API call judges the
 * same call made from the shell (`curl -d 'email=…' https://slack.com/api/admin.users.invite`).
 * The body is the inline data, joined as curl joins it; data read from files or stdin is judged as
 * an upload by the shell rules.
 */
export function webRequestsIn(command: string, scope: PathScope): CommandWebRequest[] {
  if (!command.includes('curl')) return [];
  return parseCommandLine(command, scope).commands.flatMap(webRequestsOf);
}

/** The requests one simple command makes (none unless it is curl). */
export function webRequestsOf(cmd: SimpleCommand): CommandWebRequest[] {
  if (cmd.name !== 'curl') return [];
  const data = optionValues(cmd.args, CURL_DATA).map((value) => value.text);
  const method = optionValues(cmd.args, ['-X', '--request'])[0]?.text.toUpperCase();
  const headers: Record<string, string> = {};
  for (const header of optionValues(cmd.args, ['-H', '--header'])) {
    const colon = header.text.indexOf(':');
    if (colon > 0)
      headers[header.text.slice(0, colon).trim()] = header.text.slice(colon + 1).trim();
  }
  const urls = [...operands(cmd.args, CURL_VALUES), ...optionValues(cmd.args, ['--url'])];
  return urls.map((url) => ({
    method: method ?? (data.length > 0 ? 'POST' : 'GET'),
    url: /^[a-z][a-z0-9+.-]*:\/\//iu.test(url.text) ? url.text : `http://${url.text}`,
    headers,
    body: data.join('&'),
  }));
}
