import { homedir } from 'node:os';
import { resolvePath, scopeOf } from '../paths/resolve.js';
import { isPathInvocation } from './names.js';
import { fileRunBy } from './interpreters.js';
import { packageScriptName } from './package-scripts.js';
import { parseCommandLine } from './parse.js';

/**
 * The files a shell command line runs as scripts (`bash build.sh`, `python tools/x.py`,
 * `./deploy.sh`, `source env.sh`, the package.json whose script `npm run lint` runs), as absolute
 * paths the way the Shield resolves them: against the workspace, `~` against home (by default the
 * user's, as for the Shield), no link followed. A caller that reads them and passes their text as
 * `EvaluationContext.fileContents` under these keys has them judged as what they hold. Names built
 * at run time are left out: nobody can read those in advance.
 */
export function scriptsRunBy(
  command: string,
  where: { readonly workspace: string; readonly home?: string },
): string[] {
  const scope = scopeOf({ workspace: where.workspace, home: where.home ?? homedir() });
  const found = new Set<string>();
  for (const cmd of parseCommandLine(command, scope).commands) {
    if (packageScriptName(cmd) !== undefined)
      found.add(resolvePath('package.json', scope, cmd.cwd).absolute);
    const script = fileRunBy(cmd);
    // A bare program name is found on PATH, not in a file of the workspace.
    if (script === cmd.program && !isPathInvocation(script?.text ?? '')) continue;
    if (script === undefined || script.dynamic || script.from.length > 0) continue;
    if (script.text === '-' || script.text === '/dev/stdin') continue;
    found.add(resolvePath(script.text, scope, cmd.cwd).absolute);
  }
  return [...found];
}
