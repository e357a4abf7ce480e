/**
 * Settings files that run code later (a repository's git config, a shell start-up file) written
 * with nothing but settings the tool applies itself: no program, hook, file or remote named. Such a
 * write changes how the tool behaves, not what runs. Anything not recognised is not inert.
 */

/** Git config keys that never name a program, hook, included file, remote or URL rewrite. */
const INERT_GIT_KEY = new RegExp(
  [
    String.raw`core\.(?:repositoryformatversion|filemode|bare|logallrefupdates|ignorecase|precomposeunicode|autocrlf|eol|safecrlf|whitespace|quotepath|abbrev)`,
    String.raw`user\.(?:name|email)`,
    String.raw`alias\.[\w-]+`,
    String.raw`color\.[\w.-]+`,
    String.raw`init\.defaultbranch`,
    String.raw`pull\.(?:rebase|ff)`,
    String.raw`push\.(?:default|autosetupremote|followtags)`,
    String.raw`fetch\.(?:prune|prunetags)`,
    String.raw`merge\.(?:ff|conflictstyle)`,
    String.raw`rebase\.(?:autosquash|autostash)`,
    String.raw`(?:log|status|column|tag|format)\.\w+`,
    String.raw`diff\.(?:algorithm|renames|colormoved|mnemonicprefix)`,
    String.raw`branch\.(?:sort|[^.\s]+\.(?:merge|rebase))`,
    String.raw`(?:help\.autocorrect|rerere\.enabled|commit\.verbose)`,
  ]
    .map((key) => `^(?:${key})$`)
    .join('|'),
  'iu',
);
/** What an alias may not carry: a shell (`!`), options that run programs, change the repository or write files. */
const ALIAS_ESCAPE =
  /^\s*!|(?:^|\s)(?:-c|-C)(?:\s|$)|--(?:exec|upload-pack|receive-pack|config-env|git-dir|work-tree|output)\b|ext::/u;

const SECTION = /^\[\s*([\w.-]+)(?:\s+"([^"]*)")?\s*\]$/u;
const ENTRY = /^([\w-]+)\s*=\s*(.*)$/u;

/** A git config whose every entry is an inert key (aliases only to git's own subcommands). */
export function inertGitConfig(content: string): boolean {
  let section: string | undefined;
  for (const raw of content.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = SECTION.exec(line);
    if (header) {
      section = header[2] === undefined ? header[1] : `${header[1]}.${header[2]}`;
      continue;
    }
    const entry = ENTRY.exec(line);
    if (!entry || section === undefined) return false;
    const key = `${section}.${entry[1]}`.toLowerCase();
    if (
      !INERT_GIT_KEY.test(key) ||
      (key.startsWith('alias.') && ALIAS_ESCAPE.test(unquote(entry[2] ?? '')))
    )
      return false;
  }
  return true;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  return trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
}

/** Shell variables that only tune the shell's history, language, time zone and colours. */
const INERT_SHELL_VARIABLE =
  /^(?:HIST(?:SIZE|FILESIZE|CONTROL|TIMEFORMAT|IGNORE)|SAVEHIST|LANG|LANGUAGE|LC_[A-Z]+|TZ|CLICOLOR|LSCOLORS|COLORTERM)$/u;
/** A value the shell takes as it is: no expansion, substitution or second command. */
const LITERAL_VALUE = /^(?:[\w.:,%/+@-]*|'[^'\n]*'|"[^"$`\\\n]*")$/u;
const ASSIGNMENT = /^(?:export\s+)?([A-Za-z_]\w*)=(\S*|'[^'\n]*'|"[^"\n]*")$/u;
const SHELL_OPTION =
  /^(?:shopt\s+-[su](?:\s+\w+)+|set\s+[-+]o\s+(?:vi|emacs|noclobber|ignoreeof|notify)|setopt(?:\s+\w+)+|unsetopt(?:\s+\w+)+)$/u;

/** A shell start-up file that only sets history, locale and colour variables and shell options. */
export function inertShellSettings(content: string): boolean {
  for (const raw of content.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const assignment = ASSIGNMENT.exec(line);
    if (assignment) {
      if (
        !INERT_SHELL_VARIABLE.test(assignment[1] ?? '') ||
        !LITERAL_VALUE.test(assignment[2] ?? '')
      )
        return false;
      continue;
    }
    if (!SHELL_OPTION.test(line)) return false;
  }
  return true;
}
