import type { SimpleCommand } from './model.js';
import { operands, options } from './options.js';

/**
 * What a site's command-line administration does (WP-CLI's `wp`, the Shopify CLI):
 * - `look`: lists and reads posts, products, orders, options, users, themes and plugins;
 * - `content`: creates and edits the site's own content (posts, products, orders, coupons, media);
 * - `code`: installs, activates or updates plugins, themes, packages, languages or the core, or
 *   runs PHP (`eval`, `shell`, a cron event run);
 * - `accounts`: creates users, changes their roles, e-mails or passwords;
 * - `settings`: reads or changes the site's configuration and options (database password, salts,
 *   payment accounts, where the site lives);
 * - `delete`: deletes content or resets the database;
 * - `dump`: exports the database;
 * - `publish`: puts a post, a theme or an app live;
 * - `develop`: pulls a theme into the workspace or previews it on this machine;
 * - `unknown`: any other subcommand.
 */
export type SiteAct =
  | 'look'
  | 'content'
  | 'code'
  | 'accounts'
  | 'settings'
  | 'delete'
  | 'dump'
  | 'publish'
  | 'develop'
  | 'unknown';

export interface SiteUse {
  readonly act: SiteAct;
  /** `wp plugin install`, for a reason shown to a person. */
  readonly detail: string;
}

const WP_VALUES = options(
  '--path --url --user --ssh --http --skip-plugins --skip-themes --require --exec --context',
);
const READING =
  /^(?:list|get|search|status|path|version|count|exists|is-active|is-installed|verify-checksums|check-update|size|tables|info)$/u;
const CONTENT = new Set([
  'post',
  'term',
  'comment',
  'media',
  'menu',
  'widget',
  'wc',
  'post-type',
  'taxonomy',
  'sidebar',
  'cache',
  'transient',
  'rewrite',
  'cron',
  'i18n',
  'language',
  'embed',
  'site',
]);
const CODE = new Set([
  'plugin',
  'theme',
  'package',
  'core',
  'eval',
  'eval-file',
  'shell',
  'scaffold',
  'cli',
]);

/** A post or page created or updated as published: it is on the live site for anyone to read. */
function publishes(cmd: SimpleCommand, group: string, action: string): boolean {
  if (group !== 'post') return false;
  if (action === 'publish') return true;
  return cmd.args.some((a) => /^--post_status=["']?(?:publish|future)\b/u.test(a.text));
}

function wp(cmd: SimpleCommand): SiteUse {
  const ops = operands(cmd.args, WP_VALUES).map((a) => a.text);
  const [group = '', verb = '', third = ''] = ops;
  const detail = `wp ${ops.slice(0, group === 'wc' ? 3 : 2).join(' ')}`.trim();
  // WooCommerce: `wp wc <resource> <verb>`.
  const action = group === 'wc' ? third : verb;
  if (group === '' || group === 'help' || (group === 'cli' && READING.test(verb)))
    return { act: 'look', detail };
  if (cmd.args.some((a) => /^--(?:require|exec)(?:=|$)/u.test(a.text)))
    return { act: 'code', detail };
  if (group === 'db') {
    if (verb === 'export') return { act: 'dump', detail };
    if (READING.test(verb)) return { act: 'look', detail };
    return { act: verb === 'query' || verb === 'cli' ? 'settings' : 'delete', detail };
  }
  if (group === 'config' || group === 'option' || group === 'search-replace') {
    return {
      act: group === 'option' && READING.test(verb) && verb !== 'get' ? 'look' : 'settings',
      detail,
    };
  }
  if (group === 'user' || group === 'role' || group === 'cap' || group === 'super-admin')
    return { act: READING.test(verb) ? 'look' : 'accounts', detail };
  if (CODE.has(group)) return { act: READING.test(verb) ? 'look' : 'code', detail };
  if (CONTENT.has(group)) {
    if (READING.test(action)) return { act: 'look', detail };
    // Made public on the live site, or fetched, installed or run by the site: not just editing.
    if (publishes(cmd, group, action)) return { act: 'publish', detail };
    if (
      (group === 'cron' && ops.includes('run')) ||
      (group === 'language' && ops.includes('install'))
    )
      return { act: 'code', detail };
    if (group === 'media' && action === 'import' && ops.some((op) => /^[a-z]+:\/\//iu.test(op)))
      return { act: 'unknown', detail };
    return {
      act:
        /^(?:delete|empty|flush|destroy|reset)$/u.test(action) || group === 'site'
          ? 'delete'
          : 'content',
      detail,
    };
  }
  return { act: 'unknown', detail };
}

function shopify(cmd: SimpleCommand): SiteUse {
  const ops = operands(
    cmd.args,
    options('--path --store -s --theme -t --environment -e --port'),
  ).map((a) => a.text);
  const [group = '', verb = ''] = ops;
  const detail = `shopify ${group} ${verb}`.trim();
  if (group === 'theme') {
    if (/^(?:pull|dev|serve|check|package|list|info|open|init)$/u.test(verb))
      return { act: 'develop', detail };
    if (/^(?:push|publish|share)$/u.test(verb)) return { act: 'publish', detail };
    if (verb === 'delete') return { act: 'delete', detail };
  }
  if (group === 'app' && /^(?:deploy|release)$/u.test(verb)) return { act: 'publish', detail };
  if (group === 'version' || group === 'help' || (group === 'app' && verb === 'info'))
    return { act: 'look', detail };
  return { act: 'unknown', detail };
}

/** What a site administration command does, or undefined for any other program. */
export function siteUse(cmd: SimpleCommand): SiteUse | undefined {
  if (cmd.name === 'wp') return wp(cmd);
  if (cmd.name === 'shopify') return shopify(cmd);
  return undefined;
}

export const SITE_ADMIN_PROGRAMS: ReadonlySet<string> = new Set(['wp', 'shopify']);
