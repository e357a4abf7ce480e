import type { Judge, PathUse } from '../judge.js';
import { parseRemote } from '../network/hosts.js';
import { defineRule } from '../registry.js';

/**
 * A script from another site added to the pages a site serves: it runs in every visitor's browser
 * with the site's cookies and forms (a skimmer, a tracker, a miner). Which site may do that is the
 * user's to say (`intent/tool-waivers.ts` settles the ones they named).
 */
export const PAGE_SCRIPT_RULES = {
  thirdPartyScript: defineRule(
    'web.third_party_script',
    'escalate',
    "adds a script from another site to a web page: it runs in every visitor's browser",
  ),
};

/** Pages and the templates and components they are made from. */
const PAGE_FILE =
  /\.(?:html?|xhtml|php|erb|ejs|njk|liquid|hbs|handlebars|mustache|twig|jinja2?|j2|vue|svelte|astro|[jt]sx|mdx)$/iu;
/** `<script src="https://host/…">`, the script tag's own address. */
const SCRIPT_SOURCE = /<script\b[^>]*?\bsrc\s*=\s*["']?((?:https?:)?\/\/[^\s"'>]+)/giu;

/** Scripts from other sites in a page written to the workspace (each address once). */
export function judgePageScripts(target: PathUse, content: string, judge: Judge): void {
  if (!PAGE_FILE.test(target.path.absolute) || !content.includes('<script')) return;
  for (const [, source = ''] of content.matchAll(SCRIPT_SOURCE)) {
    const remote = parseRemote(source.startsWith('//') ? `https:${source}` : source);
    if (remote !== undefined && remote.kind !== 'loopback')
      judge.findings.add(PAGE_SCRIPT_RULES.thirdPartyScript, source);
  }
}
