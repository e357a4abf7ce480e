import { usePath } from '../judge.js';
import { defineRule } from '../registry.js';
import type { ShellJudge } from './shell-judge.js';

export const SHELL_LOADER_RULES = {
  codeInjection: defineRule(
    'exec.loader_injection',
    'block',
    'sets a variable that loads extra code into the programs it starts',
  ),
  searchPathOutside: defineRule(
    'exec.search_path_outside',
    'block',
    'makes programs load code from a folder outside the workspace',
  ),
  pathChange: defineRule('exec.path_change', 'escalate', 'changes where programs are looked up'),
};

/** Variables whose value is code, or a library, that programs load before doing anything else. */
const LOADS_CODE = new Set([
  'LD_PRELOAD',
  'LD_AUDIT',
  'DYLD_INSERT_LIBRARIES',
  'BASH_ENV',
  'ENV',
  'PROMPT_COMMAND',
  'PERL5OPT',
  'RUBYOPT',
  'PYTHONSTARTUP',
  'GIT_SSH_COMMAND',
  'GIT_EXTERNAL_DIFF',
  'GIT_PAGER',
  'PAGER',
  'EDITOR',
  'VISUAL',
  'LESSOPEN',
]);
/** Variables listing folders programs load modules or libraries from. */
const SEARCH_PATHS = new Set([
  'LD_LIBRARY_PATH',
  'DYLD_LIBRARY_PATH',
  'DYLD_FRAMEWORK_PATH',
  'PYTHONPATH',
  'PYTHONHOME',
  'NODE_PATH',
  'PERL5LIB',
  'PERLLIB',
  'RUBYLIB',
  'GEM_PATH',
  'GEM_HOME',
  'CLASSPATH',
  'GIT_EXEC_PATH',
  'GIT_TEMPLATE_DIR',
]);
/** Whether setting `name` decides what code the programs started with it load or run. */
export function loadsCode(name: string): boolean {
  return LOADS_CODE.has(name) || SEARCH_PATHS.has(name) || LOADER_OPTIONS.test(name);
}
const LOADER_OPTIONS =
  /^(?:NODE_OPTIONS|PATH|(?:LD|DYLD)_\w+|(?:JAVA_TOOL|_JAVA|JDK_JAVA)_OPTIONS)$/u;

/** Harmless values of the code-loading variables: empty, or the pagers and editors everyone has. */
const PLAIN_PROGRAM = /^(?:|cat|less|more|less -R|vim?|nvim|nano|emacs|code --wait|true)$/u;

/**
 * Environment set for a command (`VAR=x cmd`, `export VAR=x`, the action's `env` field): the
 * loader and interpreter variables decide what code runs before the command itself does.
 */
export const judgeShellLoader: ShellJudge = (facts, _line, judge) => {
  const cmd = facts.cmd;
  const values: [string, string][] = [];
  for (const [name, value] of cmd.assignments) values.push([name, value.text]);
  if (cmd.name === 'export' || cmd.name === 'env') {
    for (const a of cmd.args) {
      const eq = a.text.indexOf('=');
      if (eq > 0) values.push([a.text.slice(0, eq), a.text.slice(eq + 1)]);
    }
  }
  for (const [name, value] of values) {
    if (name === 'NODE_OPTIONS') {
      if (/(?:^|\s)(?:-r|--require|--import|--loader|--experimental-loader)\b/u.test(value))
        judge.findings.add(SHELL_LOADER_RULES.codeInjection, `${name}=${value}`);
    } else if (LOADS_CODE.has(name)) {
      if (!PLAIN_PROGRAM.test(value.trim()))
        judge.findings.add(SHELL_LOADER_RULES.codeInjection, `${name}=${value}`);
    } else if (SEARCH_PATHS.has(name)) {
      const outside = value
        .split(':')
        .filter((dir) => dir !== '' && !usePath(dir, judge.scope, cmd.cwd).path.inWorkspace);
      if (outside.length > 0)
        judge.findings.add(SHELL_LOADER_RULES.searchPathOutside, `${name}=${value}`);
    } else if (name === 'PATH') {
      const dirs = value.split(':').filter((dir) => dir !== '' && !/^\$\{?PATH\}?$/u.test(dir));
      const unusual = dirs.filter(
        (dir) =>
          !/^(?:\/usr\/local\/s?bin|\/usr\/s?bin|\/s?bin|\/opt\/homebrew\/bin)$/u.test(dir) &&
          !usePath(dir, judge.scope, cmd.cwd).path.inWorkspace,
      );
      if (unusual.length > 0) judge.findings.add(SHELL_LOADER_RULES.pathChange, `${name}=${value}`);
    }
  }
};
