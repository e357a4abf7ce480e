import { SITE_GENERATORS, TEX_TOOLS } from './document-builds.js';
import { securityToolKind } from '../shell/security-tools.js';
import { previewsWorkspaceFolder } from './shell-served-folders.js';
import { attachesOnly } from '../shell/process-attach.js';
import { codeEffects, runsDecoded } from '../content/code.js';
import { judgeCodeFileOps } from './code-file-ops.js';
import { decodedCommandIn } from './decoded-commands.js';
import { judgeInfrastructureDelete } from './shell-infrastructure.js';
import { OBFUSCATION_RULES } from './obfuscation.js';
import { optionValues } from '../shell/options.js';
import { pathTokens } from '../paths/extract.js';
import { inProgramFolder, toolingRole } from '../paths/tooling.js';
import { parseRemote } from '../network/hosts.js';
import { isSecretVariable } from '../content/secrets.js';
import { usePath } from '../judge.js';
import { defineRule } from '../registry.js';
import type { CommandFacts, LineFacts } from '../shell/facts.js';
import { hasFileProfile } from '../shell/file-effects.js';
import { DEV_TOOLS, KNOWN_COMMANDS, ROUTINE_TARGET } from '../shell/known-commands.js';
import type { SimpleCommand } from '../shell/model.js';
import { INTERPRETERS, isPathInvocation, SHELLS } from '../shell/names.js';
import { isNetworkCommand } from '../shell/network-effects.js';
import { fileRunBy, interpreterCode, scriptOperand } from '../shell/interpreters.js';
import { judgeRead } from './locations.js';
import { NETWORK_RULES } from './network.js';
import { NODE_REGISTRY_SUBCOMMANDS } from './shell-publishing.js';
import { looksUpPasswordManager, SHELL_SECRET_RULES } from './shell-secrets.js';
import type { ShellJudge } from './shell-judge.js';
import { joinTexts } from '../shell/args.js';
import { alternation, type Alternative } from '../text/word-list.js';
import { SITE_ADMIN_PROGRAMS } from '../shell/site-admin.js';
import { MAIL_TOOLS } from '../shell/mail-tools.js';

export const SHELL_EXECUTION_RULES = {
  remoteCode: defineRule(
    'exec.remote_code',
    'block',
    'runs code fetched from the network (curl | sh and the like)',
  ),
  localRemoteCode: defineRule(
    'exec.loopback_code',
    'escalate',
    'runs code fetched from a local server',
  ),
  downloadedCode: defineRule('exec.downloaded_code', 'block', 'downloads a file and runs it'),
  downloadedTooling: defineRule(
    'exec.downloaded_build_file',
    'block',
    'replaces installed code, a build definition, a build output or a program with a download',
  ),
  remotePatch: defineRule(
    'exec.remote_patch',
    'block',
    'applies changes fetched from the network to the repository',
  ),
  scriptFile: defineRule(
    'exec.script_file',
    'escalate',
    'runs a script whose contents the Shield cannot see',
  ),
  inlineCode: defineRule(
    'exec.inline_code',
    'escalate',
    'runs inline code that starts programs, uses the network or changes files',
  ),
  hiddenCode: defineRule('exec.hidden_code', 'block', 'runs code it decodes at run time'),
  inlineExfil: defineRule(
    'exec.inline_network_exfil',
    'block',
    'runs inline code that reads local data and talks to a remote host',
  ),
  buildTarget: defineRule(
    'exec.build_target',
    'escalate',
    'runs a project task that is not a build, test or lint step',
  ),
  packageRunner: defineRule('exec.package_runner', 'escalate', 'downloads and runs a package tool'),
  container: defineRule(
    'exec.container',
    'escalate',
    'runs containers from images the project does not define',
  ),
  containerHostAccess: defineRule(
    'exec.container_host_access',
    'block',
    "gives a container the host's root, devices, namespaces or Docker socket",
  ),
  tempProgram: defineRule(
    'exec.temp_program',
    'block',
    'runs or installs a program from a shared temporary folder',
  ),
  infrastructure: defineRule(
    'exec.infrastructure_change',
    'escalate',
    'changes cloud or cluster infrastructure',
  ),
  unknownCommand: defineRule(
    'exec.unknown_command',
    'escalate',
    'runs a program the heuristics do not know',
  ),
  dynamicCommand: defineRule(
    'exec.dynamic_command',
    'escalate',
    'runs a program whose name is only known at run time',
  ),
  pythonModule: defineRule('exec.python_module', 'escalate', 'runs a Python module as a program'),
};

/** The worst place a command's data came from over the network, following pipes and substitutions. */
function networkSource(
  cmd: SimpleCommand,
  line: LineFacts,
  guard = 0,
): 'external' | 'loopback' | undefined {
  if (guard > 32) return undefined;
  let worst: 'external' | 'loopback' | undefined;
  const note = (kind: 'external' | 'loopback' | undefined): void => {
    if (kind === 'external' || worst === undefined) worst = kind ?? worst;
  };
  for (const r of line.factsOf(cmd).net.remotes)
    if (r.mode !== 'listen') note(r.target.kind === 'loopback' ? 'loopback' : 'external');
  if (cmd.stdinFrom) note(networkSource(cmd.stdinFrom, line, guard + 1));
  for (const a of cmd.args) for (const from of a.from) note(networkSource(from, line, guard + 1));
  return worst;
}

const readsStdin = (cmd: SimpleCommand): boolean => {
  const script = scriptOperand(cmd);
  return script === undefined || script.text === '-' || script.text === '/dev/stdin';
};

const CODE_RUNNERS = new Set(['eval', 'source', '.', 'sh']);

/** Programs that turn their input into changes of the working tree or the repository. */
function appliesPatches(cmd: SimpleCommand): boolean {
  if (cmd.name === 'patch') return true;
  if (cmd.name !== 'git') return false;
  const sub = cmd.args.find((a) => !a.text.startsWith('-'))?.text;
  return sub === 'apply' || sub === 'am';
}

function judgeRemoteCode(
  facts: CommandFacts,
  line: LineFacts,
  judge: Parameters<ShellJudge>[2],
): void {
  const cmd = facts.cmd;
  const runsCode = SHELLS.has(cmd.name) || INTERPRETERS.has(cmd.name) || CODE_RUNNERS.has(cmd.name);
  let source: 'external' | 'loopback' | undefined;
  const note = (from: SimpleCommand): void => {
    const kind = networkSource(from, line);
    if (kind === 'external' || source === undefined) source = kind ?? source;
  };
  if (runsCode && readsStdin(cmd) && cmd.stdinFrom) note(cmd.stdinFrom);
  if (runsCode) for (const a of cmd.args) for (const from of a.from) note(from);
  if (cmd.program?.dynamic === true) for (const from of cmd.program.from) note(from);
  if (appliesPatches(cmd) && cmd.stdinFrom && networkSource(cmd.stdinFrom, line) === 'external')
    judge.findings.add(SHELL_EXECUTION_RULES.remotePatch, `${cmd.name} ${joinTexts(cmd.args)}`);
  if (source === 'external')
    judge.findings.add(SHELL_EXECUTION_RULES.remoteCode, cmd.name || cmd.program?.text);
  else if (source === 'loopback')
    judge.findings.add(SHELL_EXECUTION_RULES.localRemoteCode, cmd.name);
  // Files a network command saved, by option (-o) or by redirecting what it fetched (> x.sh).
  const downloaded = line.downloadedPaths();
  for (const path of downloaded)
    if (toolingRole(path, judge.scope.workspace) !== undefined || inProgramFolder(path))
      judge.findings.add(SHELL_EXECUTION_RULES.downloadedTooling, path);
  if (downloaded.size > 0) {
    const runs = [
      ...facts.executes,
      ...(cmd.program && isPathInvocation(cmd.program.text)
        ? [usePath(cmd.program.text, judge.scope, cmd.cwd)]
        : []),
    ];
    const script = scriptOperand(cmd);
    if (script && (SHELLS.has(cmd.name) || INTERPRETERS.has(cmd.name)))
      runs.push(usePath(script.text, judge.scope, cmd.cwd));
    for (const run of runs)
      if (downloaded.has(run.path.absolute))
        judge.findings.add(SHELL_EXECUTION_RULES.downloadedCode, run.raw);
  }
}

/** The script this command runs was written, with known text, earlier in the line (and judged there). */
function written(cmd: SimpleCommand, line: LineFacts, judge: Parameters<ShellJudge>[2]): boolean {
  const runs = fileRunBy(cmd);
  if (runs === undefined) return false;
  const target = usePath(runs.text, judge.scope, cmd.cwd).path.absolute;
  return line.facts.some(
    (f) =>
      f.cmd.index < cmd.index &&
      f.cmd.staticOutput !== undefined &&
      f.writes.some((w) => w.path.absolute === target),
  );
}

/** Calls that read files or the environment, in Python, Node, PHP and Ruby. */
const FILE_AND_ENVIRONMENT_READS = [
  'open',
  /readFile(?:Sync)?/u,
  'read_text',
  'read_bytes',
  'fopen',
  'file_get_contents',
  'File.read',
  'IO.read',
  'environ',
  'process.env',
  'getenv',
  'ENV[',
];
const SECRET_ACCESS_IN_CODE = new RegExp(
  String.raw`\b(?:${alternation(FILE_AND_ENVIRONMENT_READS)})`,
  'u',
);

/** `os.*` calls that start or end processes, change files or read the environment. */
const OS_MODULE_CALLS = [
  'system',
  'popen',
  /exec\w*/u,
  /spawn\w*/u,
  'remove',
  'unlink',
  'rmdir',
  'rename',
  'chmod',
  'chown',
  'kill',
  'fork',
  'environ',
];
/** Node `fs.*` calls that change files. */
const FS_MODULE_WRITES = ['write', 'unlink', 'rm', 'rename', 'chmod', 'append'];
/** Modules and calls that start programs, talk to the network, write files or load code. */
const CODE_CAPABILITY_NAMES = [
  'subprocess',
  new RegExp(String.raw`os\.(?:${alternation(OS_MODULE_CALLS)})`, 'u'),
  'shutil',
  'socket',
  'urllib',
  'requests',
  'http',
  'httpx',
  'aiohttp',
  'ftplib',
  'smtplib',
  'ctypes',
  'child_process',
  'execSync',
  'spawnSync',
  'exec(',
  'eval(',
  'compile(',
  '__import__',
  'importlib',
  new RegExp(String.raw`fs\.(?:${alternation(FS_MODULE_WRITES)})\w*`, 'u'),
  'writeFile',
  /open\([^)]*['"][wax+]/u,
  '.write(',
  'system(',
  '`',
  'Net::',
  'IO.popen',
  'Kernel.',
  'pickle',
  'marshal',
];
/** What inline code can do beyond computing: start programs, talk to the network, change files, load more code. */
const CODE_CAPABILITIES = new RegExp(String.raw`\b(?:${alternation(CODE_CAPABILITY_NAMES)})`, 'u');
/** Calls that fetch over the network, in the languages inline code is written in. */
const NETWORK_FETCH =
  /\b(?:https?\.get|https?\.request|fetch|urlopen|urlretrieve|requests\.get|httpx\.get|LWP::Simple|get\(\s*['"]https?:|open-uri|Net::HTTP|URI\.open|file_get_contents\(\s*['"]https?:)/u;
/** Calls that run a string as code. */
const RUNS_STRING =
  /\b(?:eval|exec|execfile|Function|runInThisContext|runInNewContext|instance_eval)\s*\(/u;

/** Code that fetches over the network and runs what it got: `curl | sh` written in one language. */
function runsFetchedCode(code: string): boolean {
  return NETWORK_FETCH.test(code) && RUNS_STRING.test(code);
}

function judgeInlineCode(cmd: SimpleCommand, code: string, judge: Parameters<ShellJudge>[2]): void {
  if (runsFetchedCode(code))
    judge.findings.add(SHELL_EXECUTION_RULES.remoteCode, `${cmd.name} fetches code and runs it`);
  if (runsDecoded(code) || decodedCommandIn(code) !== undefined)
    judge.findings.add(SHELL_EXECUTION_RULES.hiddenCode, `${cmd.name} ${code}`);
  const effects = codeEffects(code);
  if (effects.charCodeStrings)
    judge.findings.add(
      effects.network || effects.runsPrograms
        ? OBFUSCATION_RULES.charCodeExecution
        : OBFUSCATION_RULES.charCodeStrings,
      cmd.name,
    );
  // Code that only computes over what it reads (paths judged below) is as plain as the command line itself.
  if (CODE_CAPABILITIES.test(code))
    judge.findings.add(SHELL_EXECUTION_RULES.inlineCode, `${cmd.name} ${code}`);
  for (const token of pathTokens(code)) judgeRead(usePath(token, judge.scope, cmd.cwd), judge);
  judgeCodeFileOps(code, judge, cmd.cwd);
  for (const m of code.matchAll(/\b[A-Z][A-Z0-9_]{2,}\b/gu))
    if (isSecretVariable(m[0]) && /environ|env|getenv|ENV/u.test(code))
      judge.findings.add(SHELL_SECRET_RULES.secretVariable, m[0]);
  const remotes = [...code.matchAll(/\b(?:https?|ftp|wss?):\/\/[^\s'"`)]+/gu)]
    .map((m) => parseRemote(m[0]))
    .filter((r) => r !== undefined && r.kind !== 'loopback');
  if (remotes.length > 0 && SECRET_ACCESS_IN_CODE.test(code))
    judge.findings.add(SHELL_EXECUTION_RULES.inlineExfil, remotes[0]?.host);
  if (
    remotes.length === 0 &&
    /\bsocket\b|\bnet\.connect|\bhttp\.request|\burllib|\brequests\.|\bfetch\(/u.test(code) &&
    SECRET_ACCESS_IN_CODE.test(code)
  )
    judge.findings.add(SHELL_EXECUTION_RULES.inlineExfil, 'network call');
}

/** Programs that change cloud or cluster infrastructure, unless their subcommand only reads. */
export const INFRASTRUCTURE_TOOLS: ReadonlySet<string> = new Set([
  'kubectl',
  'helm',
  'terraform',
  'tofu',
  'pulumi',
  'ansible',
  'ansible-playbook',
  'vagrant',
  'minikube',
  'kind',
  'aws',
  'gcloud',
  'az',
]);
/** Every program judgeProjectTask knows; anything else it leaves alone. */
const PROJECT_TOOLS = new Set([
  'make',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'npx',
  'pnpx',
  'bunx',
  'uvx',
  'pipx',
  'go',
  'cargo',
  'mvn',
  'gradle',
  'dotnet',
  'sbt',
  'docker',
  'podman',
  'nerdctl',
  'docker-compose',
  ...INFRASTRUCTURE_TOOLS,
]);

/** A whole word from `words`, nothing before or after it. */
const exactly = (words: readonly Alternative[], flags = 'u'): RegExp =>
  new RegExp(`^(?:${alternation(words)})$`, flags);

/** Go subcommands that build, test, format or inspect the module without running its programs. */
const GO_ROUTINE = exactly([
  'test',
  'build',
  'vet',
  'fmt',
  'mod',
  'list',
  'version',
  'env',
  'doc',
  'get',
  'work',
  'clean',
  'help',
  'tool',
]);
/** Cargo subcommands (and their one-letter aliases) that build, test or manage the crate. */
const CARGO_ROUTINE = exactly([
  'build',
  'b',
  'check',
  'c',
  'test',
  't',
  'clippy',
  'fmt',
  'doc',
  'd',
  'bench',
  'tree',
  'metadata',
  'fetch',
  'update',
  'clean',
  'new',
  'init',
  'add',
  'remove',
  'search',
  'version',
  'help',
  'vendor',
  'locate-project',
]);
/** Maven, Gradle, .NET and sbt goals that build, test, check or package the project. */
const BUILD_GOALS = exactly(
  [
    'test',
    'compile',
    'package',
    'verify',
    'build',
    'check',
    'clean',
    'restore',
    'format',
    'validate',
    'assemble',
    'lint',
    'javadoc',
    'dependencies',
    'tasks',
    'help',
    'spotlessApply',
    'spotlessCheck',
    'install',
  ],
  'iu',
);
/** Infrastructure subcommands that read state or plan, changing nothing. */
const INFRASTRUCTURE_READS = exactly([
  'get',
  'describe',
  'logs',
  'plan',
  'show',
  'version',
  'list',
  'ls',
  'status',
  'template',
  'validate',
  'fmt',
  'explain',
  'api-resources',
  'top',
  'config',
  'help',
  '--version',
  '--help',
]);

const CLOUD_CLIS = new Set(['aws', 'gcloud', 'az']);
/** Operations of the cloud CLIs that only read (`aws sts get-caller-identity`, `gcloud … list`). */
const CLOUD_READ = /^(?:get|describe|list|show|ls)(?:-[\w-]+)?$/u;
const CLOUD_WRITE =
  /^(?:create|delete|put|update|set|add|remove|attach|detach|modify|run|start|stop|terminate|reboot|deploy|apply|import|restore|invoke|send|publish|tag|untag|enable|disable|rotate|reset|revoke|authorize|associate|disassociate|register|deregister|copy|sync|mv|cp|rm|rb|mb|decrypt|encrypt|sign|ssh|scp|login)(?:-[\w-]+)?$/u;

/**
 * A cloud CLI call whose operation only reads: its service and operation words (the first four
 * operands) include a read and nothing that writes. What such a read returns that is secret
 * (`get-secret-value`, `get-session-token`, `print-access-token`) is refused by the credential rules.
 */
function readsCloudApi(cmd: SimpleCommand): boolean {
  if (!CLOUD_CLIS.has(cmd.name)) return false;
  const words = cmd.args
    .filter((a) => !a.text.startsWith('-'))
    .slice(0, 4)
    .map((a) => a.text);
  return words.some((w) => CLOUD_READ.test(w)) && !words.some((w) => CLOUD_WRITE.test(w));
}

function judgeProjectTask(cmd: SimpleCommand, judge: Parameters<ShellJudge>[2]): void {
  if (!PROJECT_TOOLS.has(cmd.name)) return;
  const findings = judge.findings;
  const ops = cmd.args.filter((a) => !a.text.startsWith('-') && !a.text.includes('='));
  const sub = ops[0]?.text ?? '';
  const task = (name: string): void => {
    // A package.json script whose text was read is judged as the commands it holds.
    if (!ROUTINE_TARGET.test(name) && cmd.scriptText === undefined)
      findings.add(SHELL_EXECUTION_RULES.buildTarget, `${cmd.name} ${name}`);
  };
  switch (cmd.name) {
    case 'make': {
      const dirOptions = new Set([
        '-C',
        '-f',
        '-I',
        '-o',
        '-W',
        '--directory',
        '--file',
        '--makefile',
      ]);
      const targets = cmd.args.filter(
        (a, i) =>
          !a.text.startsWith('-') &&
          !a.text.includes('=') &&
          !dirOptions.has(cmd.args[i - 1]?.text ?? ''),
      );
      for (const t of targets) task(t.text);
      return;
    }
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'bun': {
      if (
        [
          'test',
          't',
          'tst',
          'ci',
          'install',
          'i',
          'add',
          'audit',
          'outdated',
          'ls',
          'list',
          'why',
          'view',
          'info',
          'version',
          'pack',
          'init',
          'config',
          'get',
          'set',
          'prune',
          'dedupe',
          'remove',
          'rm',
          'uninstall',
          'un',
          'update',
          'up',
          'upgrade',
          'help',
          'doctor',
          'explain',
          'fund',
          'root',
          'bin',
          'prefix',
          'cache',
          'store',
          'link',
          'unlink',
          'install-test',
          'it',
          'cit',
          'clean-install',
          '',
        ].includes(sub)
      )
        return;
      if (sub === 'run' || sub === 'run-script' || sub === 'rum' || sub === 'urn')
        return task(ops[1]?.text ?? '');
      if (['exec', 'x', 'dlx', 'create'].includes(sub))
        return judgeRunner(ops[1]?.text ?? '', cmd, judge);
      // The registry's own commands are judged as such (`rules/shell-publishing.ts`).
      if (NODE_REGISTRY_SUBCOMMANDS.has(sub)) return;
      return task(sub);
    }
    case 'npx':
    case 'pnpx':
    case 'bunx':
    case 'uvx':
      return judgeRunner(ops[0]?.text ?? '', cmd, judge);
    case 'pipx':
      if (sub === 'run') judgeRunner(ops[1]?.text ?? '', cmd, judge);
      return;
    case 'go':
      if (!GO_ROUTINE.test(sub)) findings.add(SHELL_EXECUTION_RULES.buildTarget, `go ${sub}`);
      return;
    case 'cargo':
      // A publish is judged as one (`rules/shell-publishing.ts`).
      if (!CARGO_ROUTINE.test(sub) && sub !== 'publish')
        findings.add(SHELL_EXECUTION_RULES.buildTarget, `cargo ${sub}`);
      return;
    case 'mvn':
    case 'gradle':
    case 'dotnet':
    case 'sbt':
      for (const goal of ops)
        if (!BUILD_GOALS.test(goal.text.replace(/^.*:/u, '')))
          findings.add(SHELL_EXECUTION_RULES.buildTarget, `${cmd.name} ${goal.text}`);
      return;
    case 'docker':
    case 'podman':
    case 'nerdctl':
    case 'docker-compose':
      return judgeContainers(
        cmd,
        ops.map((a) => a.text),
        judge,
      );
    default:
      if (!INFRASTRUCTURE_TOOLS.has(cmd.name)) return;
      if (!INFRASTRUCTURE_READS.test(sub) && !readsCloudApi(cmd))
        findings.add(SHELL_EXECUTION_RULES.infrastructure, `${cmd.name} ${sub}`);
      judgeInfrastructureDelete(cmd, judge);
      return;
  }
}

/** Reading state, and the lifecycle of what the project's compose file and Dockerfile define. */
const CONTAINER_ROUTINE = exactly([
  'ps',
  'images',
  'logs',
  'inspect',
  'version',
  'info',
  'stats',
  'top',
  'port',
  'diff',
  'history',
  'search',
  'pull',
  'build',
  'buildx build',
  // Naming an image runs nothing; a push is judged as a publish (`rules/shell-publishing.ts`).
  'tag',
  'push',
  /image (?:ls|prune|inspect|tag|push)/u,
  'system df',
  // Pruning stopped containers, unused images, networks and build cache loses no data; a prune
  // that takes volumes with it is judged as data deleted (`rules/container-data.ts`).
  /(?:system|builder|network) prune/u,
  /container (?:ls|prune)/u,
  'context ls',
  'network ls',
  'volume ls',
  /compose (?:ps|logs|config|ls|up|down|start|stop|restart|build|pull|create|top|images)/u,
]);
/** Capabilities that let a container load modules, trace or administer the host. */
const HOST_CAPABILITIES = ['ALL', 'SYS_ADMIN', 'SYS_PTRACE', 'NET_ADMIN', 'SYS_MODULE'];
/** Options that hand a container the host: its root, its devices, its namespaces or the Docker socket. */
const HOST_ACCESS = exactly([
  '--privileged',
  '--pid=host',
  '--net=host',
  '--network=host',
  '--ipc=host',
  '--userns=host',
  '--uts=host',
  new RegExp(String.raw`--cap-add=(?:${alternation(HOST_CAPABILITIES)})`, 'u'),
  /--device=.*/u,
  /--security-opt=(?:seccomp|apparmor)[=:]unconfined/u,
]);

/** Mount sources that give a container the host's root, homes, configuration or Docker socket. */
const HOST_MOUNT_SOURCE = new RegExp(
  String.raw`^(?:${alternation([
    '/',
    '/var/run/docker.sock',
    '/run/docker.sock',
    '~',
    '$HOME',
    '${HOME}',
    '/home',
    '/root',
    '/etc',
  ])})\/?$`,
  'u',
);

/** Whether a mount's host side hands a container the host: its root, homes, /etc or a Docker socket. */
export function mountsHost(source: string): boolean {
  return HOST_MOUNT_SOURCE.test(source) || /docker\.sock$/u.test(source);
}

function judgeContainers(
  cmd: SimpleCommand,
  ops: readonly string[],
  judge: Parameters<ShellJudge>[2],
): void {
  const findings = judge.findings;
  const args = cmd.args.map((a) => a.text);
  const joined = args.map((a, i) =>
    /^--(?:pid|net|network|ipc|userns|uts|cap-add|device|security-opt)$/u.test(a) &&
    args[i + 1] !== undefined
      ? `${a}=${args[i + 1]}`
      : a,
  );
  const mounts = [
    ...optionValues(cmd.args, ['-v', '--volume']).map((a) => a.text),
    ...optionValues(cmd.args, ['--mount']).map(
      (a) => /(?:source|src)=([^,]+)/u.exec(a.text)?.[1] ?? '',
    ),
  ];
  const hostMount = mounts.find((m) => mountsHost(m.split(':')[0] ?? ''));
  const escape = joined.find((a) => HOST_ACCESS.test(a));
  if (escape !== undefined || hostMount !== undefined) {
    findings.add(SHELL_EXECUTION_RULES.containerHostAccess, escape ?? hostMount);
    return;
  }
  if (!CONTAINER_ROUTINE.test(ops.slice(0, 2).join(' ')) && !CONTAINER_ROUTINE.test(ops[0] ?? ''))
    findings.add(SHELL_EXECUTION_RULES.container, `${cmd.name} ${ops[0] ?? ''}`);
}

function judgeRunner(tool: string, cmd: SimpleCommand, judge: Parameters<ShellJudge>[2]): void {
  const name = tool.replace(/^@[^/]+\//u, '').replace(/@[^@]*$/u, '');
  if (!DEV_TOOLS.has(name))
    judge.findings.add(SHELL_EXECUTION_RULES.packageRunner, `${cmd.name} ${tool}`);
}

/** Python modules run with `-m` that are the project's own tooling: tests, linters, packaging. */
const PYTHON_TOOL_MODULES = exactly([
  'pip',
  'pytest',
  'unittest',
  'venv',
  'mypy',
  'black',
  'ruff',
  'isort',
  'flake8',
  'pylint',
  'coverage',
  'compileall',
  'py_compile',
  'json.tool',
  'doctest',
  'tox',
  'build',
  'twine check',
]);
const TEMP_DIR = /^\/(?:tmp|var\/tmp|dev\/shm)\//u;
const INSTALLERS = /^(?:dpkg|rpm|apt|apt-get|pip|pip3|npm|pnpm|yarn|gem|code|snap|flatpak)$/u;

/** A program run, sourced or installed from /tmp: where droppers leave what they fetched, writable by anyone. */
function judgeTempProgram(facts: CommandFacts, judge: Parameters<ShellJudge>[2]): void {
  const cmd = facts.cmd;
  const candidates = [...facts.executes.map((e) => e.path.absolute)];
  if (cmd.program !== undefined && isPathInvocation(cmd.program.text))
    candidates.push(usePath(cmd.program.text, judge.scope, cmd.cwd).path.absolute);
  const script =
    SHELLS.has(cmd.name) || INTERPRETERS.has(cmd.name) ? scriptOperand(cmd) : undefined;
  if (script !== undefined)
    candidates.push(usePath(script.text, judge.scope, cmd.cwd).path.absolute);
  if (INSTALLERS.test(cmd.name))
    for (const a of cmd.args)
      if (!a.text.startsWith('-') && a.text.includes('/'))
        candidates.push(usePath(a.text, judge.scope, cmd.cwd).path.absolute);
  const temp = candidates.find(
    (path) => TEMP_DIR.test(path) && !path.startsWith(`${judge.scope.workspace}/`),
  );
  if (temp !== undefined) judge.findings.add(SHELL_EXECUTION_RULES.tempProgram, temp);
}

/**
 * Subcommands of known programs that run what the Shield cannot see: dbt's package downloads, any
 * macro and new projects; SOPS's commands that run a program with the decrypted secrets.
 */
const UNSEEN_STEPS: ReadonlyMap<string, RegExp> = new Map([
  ['dbt', /^(?:deps|run-operation|init)$/u],
  ['sops', /^(?:exec-env|exec-file|publish|keyservice)$/u],
]);

export const judgeShellExecution: ShellJudge = (facts, line, judge) => {
  const cmd = facts.cmd;
  const findings = judge.findings;
  judgeRemoteCode(facts, line, judge);
  judgeTempProgram(facts, judge);
  if (cmd.name === '' && cmd.program === undefined) return;
  if (cmd.program?.dynamic === true && !/^\$\{?HOME\}?/u.test(cmd.program.text)) {
    findings.add(SHELL_EXECUTION_RULES.dynamicCommand, cmd.program.text);
    return;
  }
  const code = INTERPRETERS.has(cmd.name) ? interpreterCode(cmd) : undefined;
  if (code !== undefined) judgeInlineCode(cmd, code, judge);
  if (SHELLS.has(cmd.name) || INTERPRETERS.has(cmd.name)) {
    const script = scriptOperand(cmd);
    const unseen = code === undefined && cmd.scriptText === undefined && !written(cmd, line, judge);
    if (
      unseen &&
      script !== undefined &&
      script.text !== '-' &&
      script.text !== '/dev/stdin' &&
      !script.from.length
    )
      findings.add(SHELL_EXECUTION_RULES.scriptFile, `${cmd.name} ${script.text}`);
    if (cmd.name === 'python' && !previewsWorkspaceFolder(cmd, judge)) {
      const module = cmd.args[cmd.args.findIndex((a) => a.text === '-m') + 1]?.text;
      if (module === 'http.server' || module === 'SimpleHTTPServer')
        findings.add(NETWORK_RULES.listener, `python -m ${module}`);
      if (
        cmd.args.some((a) => a.text === '-m') &&
        module !== undefined &&
        !PYTHON_TOOL_MODULES.test(module)
      ) {
        findings.add(SHELL_EXECUTION_RULES.pythonModule, module);
      }
    }
    return;
  }
  if (facts.executes.length > 0 && cmd.scriptText === undefined && !written(cmd, line, judge))
    findings.add(
      SHELL_EXECUTION_RULES.scriptFile,
      `${cmd.name} ${facts.executes.map((e) => e.raw).join(' ')}`,
    );
  if (cmd.program !== undefined && isPathInvocation(cmd.program.text)) {
    if (cmd.scriptText === undefined && !written(cmd, line, judge))
      findings.add(SHELL_EXECUTION_RULES.scriptFile, cmd.program.text);
    return;
  }
  judgeProjectTask(cmd, judge);
  const known =
    KNOWN_COMMANDS.has(cmd.name) ||
    DEV_TOOLS.has(cmd.name) ||
    TEX_TOOLS.has(cmd.name) ||
    SITE_GENERATORS.has(cmd.name) ||
    securityToolKind(cmd) !== undefined ||
    SITE_ADMIN_PROGRAMS.has(cmd.name) ||
    MAIL_TOOLS.has(cmd.name) ||
    cmd.name === 'vault' ||
    isNetworkCommand(cmd.name) ||
    hasFileProfile(cmd.name) ||
    looksUpPasswordManager(cmd) ||
    attachesOnly(cmd);
  if (!known && cmd.name !== '') findings.add(SHELL_EXECUTION_RULES.unknownCommand, cmd.name);
  const step = UNSEEN_STEPS.get(cmd.name);
  const sub =
    step === undefined ? undefined : cmd.args.find((arg) => !arg.text.startsWith('-'))?.text;
  if (sub !== undefined && step?.test(sub) === true)
    findings.add(SHELL_EXECUTION_RULES.unknownCommand, `${cmd.name} ${sub}`);
};
