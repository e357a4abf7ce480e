import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { userNamedRecipient } from '../intent/recipients.js';
import { requestWords } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { writtenText } from '../shell/derived-scripts.js';
import { commandsOfAction } from '../shell/parse.js';

/**
 * A mail program's settings that copy or forward every message from now on: a blind copy in mutt's
 * headers, a `.forward` file, a procmail or maildrop recipe, a Sieve `redirect`, Thunderbird's
 * copy lists, git send-email's `bcc`. Written to an address the user never named, it reads all
 * their mail after the conversation ends, as a forwarding rule made through an API does
 * (`access.unrequested_standing`).
 */
export const MAIL_COPY_RULES = {
  standingCopy: defineRule(
    'mail.standing_copy',
    'block',
    "sets the user's mail programs to copy or forward every message to an address the user never named",
  ),
};

/** The files those programs read their settings and recipes from. */
const MAIL_SETTINGS =
  /(?:^|\/)(?:\.?(?:neo)?muttrc|\.forward|\.procmailrc|\.mailfilter|[^/]*\.sieve|prefs\.js|user\.js|\.gitconfig|\.config\/git\/config)$/u;
/** Where each of them names who gets a copy. */
const COPY_SETTINGS = [
  /^\s*my_hdr\s+b?cc:\s*(.+)$/gimu,
  /\bredirect\b[^";\n]*"([^"]+)"/giu,
  /^\s*!\s*(\S+)/gmu,
  /\b(?:cc|to)\s+["']!([^"']+)["']/giu,
  /user_pref\(\s*["']mail\.identity\.[\w.]+\.(?:b?cc_list|forward\w*)["']\s*,\s*["']([^"']+)["']/giu,
  /^\s*(?:sendemail\.)?(?:bcc|cc)\s*=\s*(.+)$/gimu,
];
const ADDRESS = /[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/giu;

/** The addresses a settings file's text sends copies to (a `.forward` file is nothing else). */
function copiedTo(path: string, text: string): string[] {
  if (!MAIL_SETTINGS.test(path)) return [];
  const found = /(?:^|\/)\.forward$/u.test(path)
    ? [text]
    : COPY_SETTINGS.flatMap((setting) => [...text.matchAll(setting)].map((m) => m[1] ?? ''));
  return found.flatMap((value) => [...value.matchAll(ADDRESS)].map((m) => m[0]));
}

/** What the action writes into which files: a file tool's content, or a command's literal output. */
function writes(
  type: KnownActionType,
  payload: Readonly<Record<string, unknown>>,
  judge: Judge,
): Array<readonly [string, string]> {
  if (type === 'write_file') {
    const { path, content } = payload;
    return typeof path === 'string' && typeof content === 'string' ? [[path, content]] : [];
  }
  return commandsOfAction(type, payload, judge.scope).flatMap((cmd) => {
    // `git config [--global] sendemail.bcc ADDRESS` writes git's settings file itself.
    const words = cmd.args.map((arg) => arg.text);
    const key = words.findIndex((word) => /^sendemail\.b?cc$/iu.test(word));
    if (cmd.name === 'git' && words.includes('config') && key >= 0)
      return [['.gitconfig', `${words[key] ?? ''} = ${words[key + 1] ?? ''}`] as const];
    const written = writtenText(cmd);
    return written === undefined
      ? []
      : written.targets.map((target) => [target, written.text] as const);
  });
}

export function judgeMailCopies(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type === undefined) return;
  const words = requestWords(request);
  for (const [path, text] of writes(type, payload, judge))
    for (const address of copiedTo(path, text))
      if (words === undefined || !userNamedRecipient(address, words))
        return judge.findings.add(MAIL_COPY_RULES.standingCopy, `${address} in ${path}`);
}
