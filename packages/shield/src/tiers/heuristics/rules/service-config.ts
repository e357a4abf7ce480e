import { defineRule } from '../registry.js';

export const SERVICE_CONFIG_RULES = {
  serviceConfigWrite: defineRule(
    'files.service_config_write',
    'escalate',
    "changes a web or database server's configuration, or local host names",
  ),
};

/** Servers a sysadmin configures by hand; their folders hold no accounts, keys or start-up hooks. */
const SERVICE_FOLDERS = [
  'nginx',
  'apache2',
  'httpd',
  'caddy',
  'haproxy',
  'postgresql',
  'mysql',
  'redis',
  'php',
];
const SERVICE_CONFIG = new RegExp(
  String.raw`^\/etc\/(?:(?:${SERVICE_FOLDERS.join('|')})\/[^/].*|hosts)$`,
  'u',
);

/** Files that say who may sign in to the server (`pg_hba.conf`, `.htpasswd`): account configuration. */
const WHO_MAY_SIGN_IN = /(?:hba|ident|passw\w*|users?)(?:\.\w+)?$/iu;

/**
 * A site, server or host-name file a sysadmin edits (`/etc/nginx/sites-available/site`,
 * `/etc/hosts`): what it does depends on what is written, which a person reads; the rest of the
 * operating system's files stay refused.
 */
export function isServiceConfig(absolute: string): boolean {
  return SERVICE_CONFIG.test(absolute) && !WHO_MAY_SIGN_IN.test(absolute);
}
