import type { SimpleCommand } from '../shell/model.js';

/** Editors and pagers people name in git's settings, with the flags they usually give them. */
const KNOWN_EDITOR =
  /^(?:n?vim?|nano|micro|hx|kak|emacs(?:client)?(?: -nw| -t)?|(?:code|subl|zed|gedit) (?:--wait|-w)|less(?: -[A-Za-z]+)?|more|most|bat|cat|delta)$/u;
const EDITOR_KEYS = /^(?:core\.editor|core\.pager|sequence\.editor)$/iu;

/**
 * `git config --global core.editor vim`: git will start a well-known editor or pager by its bare
 * name. Any other value (a path, a script, shell syntax) is a program git would run later.
 */
export function setsKnownEditor(cmd: SimpleCommand): boolean {
  if (cmd.name !== 'git' || cmd.args[0]?.text !== 'config') return false;
  const operands = cmd.args.slice(1).filter((a) => !a.text.startsWith('-'));
  const [key, value, ...rest] = operands;
  return (
    key !== undefined &&
    value !== undefined &&
    rest.length === 0 &&
    !value.dynamic &&
    EDITOR_KEYS.test(key.text) &&
    KNOWN_EDITOR.test(value.text.trim())
  );
}
