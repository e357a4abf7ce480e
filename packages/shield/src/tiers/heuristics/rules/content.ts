import { judgePageScripts } from './page-scripts.js';
import { judgeContainerDefinition } from './container-definitions.js';
import { codeEffects, runsDecoded } from '../content/code.js';
import { judgeCiWorkflow } from './ci-workflows.js';
import { controlTampering } from '../content/instructions.js';
import { namesSecretMaterial, secretValueIn } from '../content/secrets.js';
import { Findings } from '../findings.js';
import { usePath, type Judge, type PathUse } from '../judge.js';
import { pathTokens } from '../paths/extract.js';
import { embeddedCommands, toolingRole } from '../paths/tooling.js';
import { defineRule } from '../registry.js';
import { OBFUSCATION_RULES } from './obfuscation.js';
import { judgePackageSourceWrite } from './package-sources.js';
import { judgeProse, PROSE_RULES } from './prose.js';
import { judgeCommandLine } from './shell.js';
import { SHELL_EXECUTION_RULES } from './shell-execution.js';
import { caseless } from '../../../caseless.js';
import { realSecretIn } from '../content/placeholders.js';
import { alternation } from '../text/word-list.js';

/** What is written matters as much as where: secrets staged for pickup, planted orders, scripts. */
export const CONTENT_RULES = {
  credentialSendingCode: defineRule(
    'code.sends_credentials',
    'block',
    'writes code that reads a credential file and talks to the network',
  ),
  secretStaging: defineRule(
    'files.secret_staging',
    'block',
    'writes secrets (or what it says are secrets) to a file outside the workspace',
  ),
  secretValueWrite: defineRule(
    'files.secret_value_write',
    'escalate',
    'writes a credential value into a file',
  ),
  harmfulScript: defineRule(
    'content.harmful_script',
    'block',
    'writes a script or scheduled command that does something the Shield blocks',
  ),
  installedCode: defineRule(
    'files.installed_code_write',
    'block',
    'rewrites installed packages or code the interpreter loads by itself',
  ),
  programWrite: defineRule(
    'files.program_write',
    'escalate',
    "writes a program into a folder of the project's executables",
  ),
  installTimeNetwork: defineRule(
    'content.install_time_network',
    'block',
    'writes a build or test file whose code reaches the network whenever it is installed, built or tested',
  ),
  hookRepository: defineRule(
    'tooling.hook_repository',
    'escalate',
    'adds a repository of third-party hooks that run on every commit',
  ),
};

const SCRIPT_EXTENSIONS = ['sh', 'bash', 'zsh', 'ksh', 'fish', 'command', 'bat', 'cmd', 'ps1'];
/** `.envrc`: direnv runs it as bash whenever a shell enters the folder. */
const SCRIPT_FILE_NAMES = ['Makefile', 'Dockerfile', 'Justfile', 'crontab', '.envrc'];
const SCRIPT_PATH = caseless(
  new RegExp(
    String.raw`\.(?:${alternation(SCRIPT_EXTENSIONS)})$|(?:^|\/)(?:${alternation(SCRIPT_FILE_NAMES)})$|(?:^|\/)\.git\/hooks\/`,
    'iu',
  ),
);

/** Build and test files that are themselves code, run by the tool on every install, build or test. */
const INSTALL_TIME_CODE_FILES = [
  'setup.py',
  'conftest.py',
  'noxfile.py',
  'sitecustomize.py',
  'usercustomize.py',
  'Rakefile',
  'Gemfile',
  /build\.gradle(?:\.kts)?/u,
  /[\w-]+\.pth/u,
];
const INSTALL_TIME_CODE = new RegExp(
  String.raw`(?:^|\/)(?:${alternation(INSTALL_TIME_CODE_FILES)})$`,
  'u',
);

/** `repo: https://…` in a pre-commit file: hooks from someone else's repository, run on every commit. */
const HOOK_REPOSITORY = /^\s*-?\s*repo:\s*["']?(?!local\b|meta\b)([^\s"']+)/gmu;

/** Code written anywhere: hidden strings, and build files that call out whenever they run. */
function judgeWrittenCode(target: PathUse, content: string, judge: Judge): void {
  const effects = codeEffects(content);
  // Code that decodes text and runs it hides what it does from whoever reviews the file.
  if (runsDecoded(content)) judge.findings.add(SHELL_EXECUTION_RULES.hiddenCode, target.raw);
  judgePageScripts(target, content, judge);
  // Code the user runs later with their keys: what it would send is sent with their hands.
  if (effects.network || (effects.runsPrograms && NETWORK_PROGRAM.test(content))) {
    const secretPath = secretPathIn(content, judge);
    if (secretPath !== undefined)
      judge.findings.add(CONTENT_RULES.credentialSendingCode, `${target.raw}: ${secretPath.raw}`);
  }
  if (effects.charCodeStrings)
    judge.findings.add(
      effects.network || effects.runsPrograms
        ? OBFUSCATION_RULES.charCodeExecution
        : OBFUSCATION_RULES.charCodeStrings,
      target.raw,
    );
  if (!target.path.inWorkspace) return;
  const relative = target.path.absolute.slice(judge.scope.workspace.length + 1);
  if (effects.network && INSTALL_TIME_CODE.test(relative))
    judge.findings.add(CONTENT_RULES.installTimeNetwork, target.raw);
  if (/(?:^|\/)\.pre-commit-config\.ya?ml$/u.test(relative))
    for (const [, repository = ''] of content.matchAll(HOOK_REPOSITORY))
      judge.findings.add(CONTENT_RULES.hookRepository, repository);
}

/** Network programs a piece of code may start through the shell (curl and wget count as calls). */
const NETWORK_PROGRAM = /\b(?:nc|ncat|scp|rsync|sftp|ftp|ssh)\b/u;

/** A script's harm, judged as shell in isolation: only what would block counts against the write. */
function judgeScriptContent(content: string, judge: Judge): void {
  const inner = new Findings();
  judgeCommandLine(content, { scope: judge.scope, findings: inner });
  if (inner.blocked) judge.findings.add(CONTENT_RULES.harmfulScript, inner.result().reason);
}

/** The first path named in `content` that holds secrets. */
export function secretPathIn(content: string, judge: Judge): PathUse | undefined {
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
export function judgeWrittenText(
  target: PathUse,
  content: string,
  judge: Judge,
  options: { readonly scripts: boolean },
): void {
  const { traits, path } = target;
  const sensitiveTarget =
    traits.agentInstructions !== undefined ||
    traits.agentMemory !== undefined ||
    traits.securityControl !== undefined ||
    traits.agentControl !== undefined;
  if (sensitiveTarget || !path.inWorkspace) judgeProse(content, judge, 'stored');
  else {
    const control = controlTampering(content);
    if (control !== undefined) judge.findings.add(PROSE_RULES.securityOverride, control);
  }
  const secretValue = secretValueIn(content);
  if (!path.inWorkspace) {
    const secretPath = secretValue === undefined ? secretPathIn(content, judge) : undefined;
    if (
      secretValue !== undefined ||
      secretPath !== undefined ||
      namesSecretMaterial(content) === 'strong'
    ) {
      judge.findings.add(
        CONTENT_RULES.secretStaging,
        secretValue ?? secretPath?.raw ?? 'names secret material',
      );
    }
  } else if (secretValue !== undefined && traits.secret === undefined) {
    const real = realSecretIn(content);
    if (real !== undefined) judge.findings.add(CONTENT_RULES.secretValueWrite, real);
  }
  if (
    options.scripts &&
    (SCRIPT_PATH.test(path.absolute) || /^#!/u.test(content) || traits.persistence !== undefined)
  )
    judgeScriptContent(content, judge);
  judgeToolingWrite(target, content, judge, options);
  judgeContainerDefinition(target, content, judge);
  judgeWrittenCode(target, content, judge);
  judgePackageSourceWrite(target, content, judge);
}

/** Writes that change what tools run: installed code is refused, embedded build steps are judged as shell. */
function judgeToolingWrite(
  target: PathUse,
  content: string,
  judge: Judge,
  options: { readonly scripts: boolean },
): void {
  const role = toolingRole(target.path.absolute, judge.scope.workspace);
  if (role === 'installed-code') judge.findings.add(CONTENT_RULES.installedCode, target.raw);
  else if (role === 'program' && !SCRIPT_PATH.test(target.path.absolute))
    judge.findings.add(CONTENT_RULES.programWrite, target.raw);
  if (!options.scripts || role !== 'build-definition') return;
  const relative = target.path.absolute.slice(judge.scope.workspace.length + 1);
  judgeCiWorkflow(relative, content, judge);
  const commands = embeddedCommands(relative, content);
  if (commands === undefined || commands.trim() === '') return;
  const inner = new Findings();
  judgeCommandLine(commands, { scope: judge.scope, findings: inner });
  if (inner.blocked) judge.findings.add(CONTENT_RULES.harmfulScript, inner.result().reason);
}
