import type { SimpleCommand } from './model.js';

/** Package managers that run the scripts a project's package.json names. */
export const PACKAGE_RUNNERS: ReadonlySet<string> = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const RUN_WORDS = new Set(['run', 'run-script', 'rum', 'urn']);
/** Lifecycle commands that run the script of the same name. */
const LIFECYCLE: Readonly<Record<string, string>> = {
  test: 'test',
  t: 'test',
  tst: 'test',
  start: 'start',
  stop: 'stop',
  restart: 'restart',
};
/** Options that make the runner use another folder's package.json. */
const OTHER_FOLDER =
  /^(?:--prefix|-C|--dir|--cwd|--workspace|-w|--filter|-F|--recursive|-r)(?:=|$)/u;

/**
 * The package.json script a package manager's command runs (`npm run lint`, `yarn run build`,
 * `npm test`), from the package.json of the folder it runs in; undefined for anything else.
 */
export function packageScriptName(cmd: SimpleCommand): string | undefined {
  if (!PACKAGE_RUNNERS.has(cmd.name)) return undefined;
  if (cmd.args.some((a) => OTHER_FOLDER.test(a.text))) return undefined;
  const words = cmd.args.filter((a) => !a.text.startsWith('-'));
  const sub = words[0];
  if (sub === undefined || sub.dynamic) return undefined;
  if (RUN_WORDS.has(sub.text)) {
    const name = words[1];
    return name === undefined || name.dynamic ? undefined : name.text;
  }
  return LIFECYCLE[sub.text];
}

/** What `name` runs, its `pre` and `post` scripts around it, from a package.json text. */
export function packageScriptText(packageJson: string, name: string): string | undefined {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(packageJson) as { scripts?: unknown }).scripts;
  } catch {
    return undefined;
  }
  if (scripts === null || typeof scripts !== 'object') return undefined;
  const table = scripts as Record<string, unknown>;
  const main = table[name];
  if (typeof main !== 'string') return undefined;
  const around = [table[`pre${name}`], main, table[`post${name}`]];
  return around.filter((text): text is string => typeof text === 'string').join('\n');
}
