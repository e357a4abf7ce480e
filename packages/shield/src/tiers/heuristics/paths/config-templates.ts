/** `.env.example`, `config.sample.yml`, `settings.py.dist`: a file that shows the settings' shape. */
const TEMPLATE_NAME = /(?:^|[._-])(?:example|sample|template|dist|tmpl)(?:\.[\w-]+)?$/iu;

/**
 * Whether a configuration file is a template committed for newcomers: it carries placeholders in
 * place of values, so what it prints reveals nothing (the `.env` it is copied to still does).
 */
export function isConfigTemplate(path: string): boolean {
  return TEMPLATE_NAME.test(path.slice(path.lastIndexOf('/') + 1));
}
