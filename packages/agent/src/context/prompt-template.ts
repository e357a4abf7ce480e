/** The workspace file that, when present, is the system prompt's template. */
export const PROMPT_TEMPLATE_FILE = 'PROMPT.md';

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * Fills `{{name}}` from `variables`; an unknown or missing variable renders empty. One pass: text a
 * variable brings in (a note, a file) is never read as a template itself.
 */
export function renderPromptTemplate(template: string, variables: Readonly<Record<string, string>>): string {
  return template.replace(VARIABLE, (_match, name: string) => (Object.hasOwn(variables, name) ? (variables[name] ?? '') : ''));
}

/** True when the template places `name` itself. */
export function templateUses(template: string, name: string): boolean {
  for (const match of template.matchAll(VARIABLE)) if (match[1] === name) return true;
  return false;
}

/** Three or more newlines (left by variables that rendered empty) become one blank line. */
export function collapseBlankLines(text: string): string {
  return text.replace(/\n{3,}/g, '\n\n').trim();
}
