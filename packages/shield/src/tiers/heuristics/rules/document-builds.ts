import { defineRule } from '../registry.js';
import { joinTexts } from '../shell/args.js';
import type { SimpleCommand } from '../shell/model.js';
import { optionValues } from '../shell/options.js';
import { NETWORK_RULES } from './network.js';
import { SHELL_EXECUTION_RULES } from './shell-execution.js';
import type { ShellJudge } from './shell-judge.js';

/**
 * Documents and sites built from the workspace: TeX, and the static site generators. A TeX run
 * reads and writes the workspace; with shell escape on, the document and every class and package
 * it loads may run programs. A site generator's preview server listens on this machine unless told
 * otherwise, and its deploy commands publish the site.
 */
export const DOCUMENT_BUILD_RULES = {
  shellEscape: defineRule(
    'exec.tex_shell_escape',
    'escalate',
    'compiles a document with shell escape on: the document and its packages may run programs',
  ),
  sitePublish: defineRule('site.publish', 'escalate', 'publishes a site to where it is hosted'),
};

export const TEX_TOOLS: ReadonlySet<string> = new Set([
  'latexmk',
  'pdflatex',
  'xelatex',
  'lualatex',
  'latex',
  'tex',
  'bibtex',
  'biber',
  'makeindex',
]);
const SHELL_ESCAPE = /^-{1,2}(?:shell-escape|enable-write18)$/u;
/** TeX sources a run loads: the document, its classes, packages and bibliography styles. */
const TEX_SOURCE = /\.(?:tex|cls|sty|bst|def|clo)$/iu;

/** Site generators, the subcommand that serves a preview and the options that say where. */
export const SITE_GENERATORS: ReadonlyMap<string, { serve: RegExp; bind: readonly string[] }> =
  new Map([
    ['hugo', { serve: /^(?:server|serve)$/u, bind: ['--bind'] }],
    ['jekyll', { serve: /^(?:serve|s|server)$/u, bind: ['--host', '-H'] }],
    ['zola', { serve: /^serve$/u, bind: ['--interface', '-i'] }],
    ['mkdocs', { serve: /^serve$/u, bind: ['--dev-addr', '-a'] }],
  ]);
const SITE_PUBLISHING = /^(?:deploy|gh-deploy)$/u;
/** A bind address that keeps a server on this machine (`0.0.0.0` is every interface). */
const LOOPBACK_BIND = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/u;

function judgeSitePreview(cmd: SimpleCommand, judge: Parameters<ShellJudge>[2]): void {
  const generator = SITE_GENERATORS.get(cmd.name);
  const sub = cmd.args.find((a) => !a.text.startsWith('-'))?.text ?? '';
  if (generator === undefined) return;
  if (SITE_PUBLISHING.test(sub)) {
    judge.findings.add(DOCUMENT_BUILD_RULES.sitePublish, `${cmd.name} ${sub}`);
    return;
  }
  if (!generator.serve.test(sub)) return;
  for (const address of optionValues(cmd.args, generator.bind)) {
    const host = address.text.replace(/:\d+$/u, '');
    if (!LOOPBACK_BIND.test(host))
      judge.findings.add(NETWORK_RULES.listener, `${cmd.name} ${joinTexts(cmd.args)}`);
  }
}

export const judgeDocumentBuilds: ShellJudge = (facts, line, judge) => {
  const { cmd } = facts;
  judgeSitePreview(cmd, judge);
  if (!TEX_TOOLS.has(cmd.name) || !cmd.args.some((a) => SHELL_ESCAPE.test(a.text))) return;
  judge.findings.add(DOCUMENT_BUILD_RULES.shellEscape, `${cmd.name} ${joinTexts(cmd.args)}`);
  for (const path of line.downloadedPaths())
    if (TEX_SOURCE.test(path)) judge.findings.add(SHELL_EXECUTION_RULES.downloadedCode, path);
};
