import { controlTampering } from '../content/instructions.js';
import { namesSecretMaterial, secretValueIn } from '../content/secrets.js';
import { Findings } from '../findings.js';
import { usePath, type Judge, type PathUse } from '../judge.js';
import { pathTokens } from '../paths/extract.js';
import { embeddedCommands, toolingRole } from '../paths/tooling.js';
import { defineRule } from '../registry.js';
import { judgeProse, PROSE_RULES } from './prose.js';
import { judgeCommandLine } from './shell.js';
import { caseless } from '../../../caseless.js';

/** What is written matters as much as where: secrets staged for pickup, planted orders, scripts. */
export const CONTENT_RULES = {
  secretStaging: defineRule('files.secret_staging', 'block', 'writes secrets (or what it says are secrets) to a file outside the workspace'),
  secretValueWrite: defineRule('files.secret_value_write', 'escalate', 'writes a credential value into a file'),
  harmfulScript: defineRule('content.harmful_script', 'block', 'writes a script or scheduled command that does something the Shield blocks'),
  installedCode: defineRule('files.installed_code_write', 'block', 'rewrites installed packages or code the interpreter loads by itself'),
  programWrite: defineRule('files.program_write', 'escalate', "writes a program into a folder of the project's executables"),
};
const R = CONTENT_RULES;

const SCRIPT_PATH = caseless(/\.(?:sh|bash|zsh|ksh|fish|command|bat|cmd|ps1)$|(?:^|\/)(?:Makefile|Dockerfile|Justfile|crontab)$|(?:^|\/)\.git\/hooks\//iu);

/** A script's harm, judged as shell in isolation: only what would block counts against the write. */
function judgeScriptContent(content: string, judge: Judge): void {
  const inner = new Findings();
  judgeCommandLine(content, { scope: judge.scope, findings: inner });
  if (inner.blocked) judge.findings.add(R.harmfulScript, inner.result().reason);
}

/** The first path named in `content` that holds secrets. */
function secretPathIn(content: string, judge: Judge): PathUse | undefined {
  for (const token of pathTokens(content)) {
    const use = usePath(token, judge.scope);
    if (use.traits.secret !== undefined) return use;
  }
  return undefined;
}

/**
 * Judges text written to `target`. `scripts: false` when the caller already parsed the text as
 * shell (a shell line that writes a script is walked by the parser itself).
 */
export function judgeWrittenText(target: PathUse, content: string, judge: Judge, options: { readonly scripts: boolean }): void {
  const { traits, path } = target;
  const sensitiveTarget = traits.agentInstructions !== undefined || traits.agentMemory !== undefined || traits.securityControl !== undefined || traits.agentControl !== undefined;
  if (sensitiveTarget || !path.inWorkspace) judgeProse(content, judge, 'stored');
  else {
    const control = controlTampering(content);
    if (control !== undefined) judge.findings.add(PROSE_RULES.securityOverride, control);
  }
  const secretValue = secretValueIn(content);
  if (!path.inWorkspace) {
    const secretPath = secretValue === undefined ? secretPathIn(content, judge) : undefined;
    if (secretValue !== undefined || secretPath !== undefined || namesSecretMaterial(content) === 'strong') {
      judge.findings.add(R.secretStaging, secretValue ?? secretPath?.raw ?? 'names secret material');
    }
  } else if (secretValue !== undefined && traits.secret === undefined) judge.findings.add(R.secretValueWrite, secretValue);
  if (options.scripts && (SCRIPT_PATH.test(path.absolute) || /^#!/u.test(content) || traits.persistence !== undefined)) judgeScriptContent(content, judge);
  judgeToolingWrite(target, content, judge, options);
}

/** Writes that change what tools run: installed code is refused, embedded build steps are judged as shell. */
function judgeToolingWrite(target: PathUse, content: string, judge: Judge, options: { readonly scripts: boolean }): void {
  const role = toolingRole(target.path.absolute, judge.scope.workspace);
  if (role === 'installed-code') judge.findings.add(R.installedCode, target.raw);
  else if (role === 'program' && !SCRIPT_PATH.test(target.path.absolute)) judge.findings.add(R.programWrite, target.raw);
  if (!options.scripts || role !== 'build-definition') return;
  const commands = embeddedCommands(target.path.absolute.slice(judge.scope.workspace.length + 1), content);
  if (commands === undefined || commands.trim() === '') return;
  const inner = new Findings();
  judgeCommandLine(commands, { scope: judge.scope, findings: inner });
  if (inner.blocked) judge.findings.add(R.harmfulScript, inner.result().reason);
}
