import type { Arg, SimpleCommand } from './model.js';
import { emptyList } from '../lists.js';
import { withText } from './args.js';

/** Browsers run from the command line, headless or not. */
export const BROWSERS: ReadonlySet<string> = new Set([
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
  'chrome',
  'brave-browser',
  'microsoft-edge',
  'firefox',
]);

export interface BrowserArgs {
  /** Profile folders it opens (cookies, saved logins and sessions live there). */
  readonly profiles: Arg[];
  /** Local pages and files it opens. */
  readonly files: Arg[];
  readonly urls: Arg[];
  /** Screenshots and PDFs it writes. */
  readonly outputs: Arg[];
  /** Extensions it loads: code that runs in every page. */
  readonly extensions: Arg[];
  /** `--remote-debugging-port`: a port that hands whoever connects the whole browser. */
  readonly debugging: Arg[];
}

const PROFILE_FLAGS = new Set(['--user-data-dir', '--profile', '-profile', '--profile-directory']);
const OUTPUT_FLAGS = new Set(['--screenshot', '--print-to-pdf']);
/** Firefox's flags that take the next argument as their value. */
const SPACED_VALUES = new Set(['-profile', '--profile', '-P', '--screenshot', '--window-size']);
const URL = /^[a-z][a-z0-9+.-]*:\/\//iu;

/** What a browser's command line opens, loads and writes (`--flag=value` or Firefox's `-flag value`). */
export function browserArgs(cmd: SimpleCommand): BrowserArgs {
  const out: BrowserArgs = {
    profiles: emptyList(),
    files: emptyList(),
    urls: emptyList(),
    outputs: emptyList(),
    extensions: emptyList(),
    debugging: emptyList(),
  };
  for (let at = 0; at < cmd.args.length; at++) {
    const arg = cmd.args[at] as Arg;
    const text = arg.text;
    if (!text.startsWith('-')) {
      if (/^file:\/\//iu.test(text)) out.files.push(withText(arg, decodeURI(text.slice(7))));
      else if (URL.test(text)) out.urls.push(arg);
      else out.files.push(arg);
      continue;
    }
    const eq = text.indexOf('=');
    const flag = eq === -1 ? text : text.slice(0, eq);
    let value = eq === -1 ? undefined : withText(arg, text.slice(eq + 1));
    if (value === undefined && SPACED_VALUES.has(flag) && cmd.args[at + 1] !== undefined) {
      const next = cmd.args[at + 1] as Arg;
      if (!next.text.startsWith('-') && !URL.test(next.text)) {
        value = next;
        at++;
      }
    }
    if (value === undefined) continue;
    if (PROFILE_FLAGS.has(flag)) out.profiles.push(value);
    else if (OUTPUT_FLAGS.has(flag)) out.outputs.push(value);
    else if (flag === '--load-extension')
      out.extensions.push(...value.text.split(',').map((p) => withText(arg, p)));
    else if (flag === '--remote-debugging-port') out.debugging.push(value);
  }
  return out;
}
