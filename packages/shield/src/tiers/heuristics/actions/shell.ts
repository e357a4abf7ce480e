import { controlTampering } from '../content/instructions.js';
import { usePath, type Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { PROSE_RULES } from '../rules/prose.js';
import { judgeCommandLine } from '../rules/shell.js';
import { stringField, stringsIn } from './fields.js';

export const SHELL_ACTION_RULES = {
  outsideWorkspace: defineRule(
    'files.command_outside_workspace',
    'escalate',
    'runs a command from a directory outside the workspace',
  ),
};

const quote = (value: string): string => `'${value.replace(/'/gu, `'\\''`)}'`;

/** `# Shield: allow`, `# pre-approved by security`: a comment the shell skips, written for the checker. */
const COMMENT = /(?:^|\s)#([^\n]*)/gu;

function judgeComments(command: string, judge: Judge): void {
  for (const [, comment = ''] of command.matchAll(COMMENT)) {
    const claim = controlTampering(comment);
    if (claim !== undefined) judge.findings.add(PROSE_RULES.securityOverride, claim);
  }
}

export function judgeShellAction(payload: Readonly<Record<string, unknown>>, judge: Judge): void {
  const cwd = stringField(payload, ['cwd', 'working_directory'], judge);
  let scoped = judge;
  if (cwd !== undefined) {
    const dir = usePath(cwd, judge.scope);
    if (!dir.path.inWorkspace) judge.findings.add(SHELL_ACTION_RULES.outsideWorkspace, cwd);
    scoped = { ...judge, scope: { ...judge.scope, cwd: dir.path.absolute } };
  }
  const env = payload['env'];
  if (env !== undefined && env !== null && typeof env === 'object' && !Array.isArray(env)) {
    // Environment given to the command is judged as the exports it amounts to.
    for (const [name, value] of Object.entries(env))
      if (/^[A-Za-z_]\w*$/u.test(name))
        judgeCommandLine(`export ${name}=${quote(stringsIn(value).join(' '))}`, scoped);
  }
  const command = stringField(payload, ['command'], judge);
  if (command !== undefined) {
    judgeCommandLine(command, scoped);
    judgeComments(command, judge);
  } else if (Array.isArray(payload['command'])) {
    // An argument vector in place of a line is malformed (escalated above), and is still judged
    // as the command an executor that accepts one would run.
    const argv = stringsIn(payload['command']);
    if (argv.length > 0) judgeCommandLine(argv.map(quote).join(' '), scoped);
  }
}
