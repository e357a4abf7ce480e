import type { SimpleCommand } from './model.js';

/**
 * Programs that only turn text into other text: what a line made of them decodes goes back to the
 * terminal (the model reads it), and runs nothing. Whatever the model does with it next is a new
 * action, judged then.
 */
const TEXT_FILTERS = new Set([
  'echo',
  'printf',
  'base64',
  'base32',
  'basenc',
  'xxd',
  'od',
  'hexdump',
  'tr',
  'rev',
  'cat',
  'head',
  'tail',
  'cut',
  'fold',
  'wc',
  'strings',
  'iconv',
]);

/** `openssl base64 -d` / `openssl enc -base64 -d` decode; other openssl commands do more. */
function decodesWithOpenssl(cmd: SimpleCommand): boolean {
  const sub = cmd.args[0]?.text;
  return (
    sub === 'base64' ||
    (sub === 'enc' && cmd.args.some((a) => a.text === '-base64' || a.text === '-a'))
  );
}

/** Redirections that only feed stdin or send output to the terminal's own streams. */
function redirectsToFile(cmd: SimpleCommand): boolean {
  return cmd.redirects.some(
    (r) =>
      r.target !== undefined &&
      !r.op.startsWith('<') &&
      !/^&?[12]$|^\/dev\/(?:null|stdout|stderr)$/u.test(r.target.text),
  );
}

/**
 * Every command of the line is a text filter, none starts a program from its input or writes a
 * file, and none is wrapped (`sudo`, `env`, `xargs`) or built at run time: the line only shows text.
 */
export function onlyDisplaysText(commands: readonly SimpleCommand[]): boolean {
  if (commands.length === 0) return false;
  return commands.every(
    (cmd) =>
      (TEXT_FILTERS.has(cmd.name) || (cmd.name === 'openssl' && decodesWithOpenssl(cmd))) &&
      cmd.program?.dynamic !== true &&
      cmd.wrappers.length === 0 &&
      cmd.assignments.size === 0 &&
      !cmd.background &&
      !redirectsToFile(cmd),
  );
}
