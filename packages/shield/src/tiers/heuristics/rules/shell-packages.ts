import { defineRule } from '../registry.js';
import { operands, optionValues, options } from '../shell/options.js';
import type { SimpleCommand } from '../shell/model.js';
import { isDirectSpec, judgeIndex, PACKAGE_RULES } from './packages.js';
import type { ShellJudge } from './shell-judge.js';
import { joinTexts } from '../shell/args.js';
import { Findings } from '../findings.js';
import { CONTENT_RULES } from './content.js';
import { judgeCommandLine } from './shell.js';
import { imitatedPackage } from './typosquat.js';
import { alternation } from '../text/word-list.js';

export const SHELL_PACKAGE_RULES = {
  indexConfig: defineRule(
    'packages.index_config_change',
    'escalate',
    'changes the configured package index',
  ),
};

const INDEX_VARIABLES: Readonly<Record<string, 'main' | 'extra'>> = {
  PIP_INDEX_URL: 'main',
  UV_INDEX_URL: 'main',
  UV_DEFAULT_INDEX: 'main',
  PIP_EXTRA_INDEX_URL: 'extra',
  UV_EXTRA_INDEX_URL: 'extra',
  UV_INDEX: 'extra',
  npm_config_registry: 'main',
  NPM_CONFIG_REGISTRY: 'main',
  YARN_REGISTRY: 'main',
  YARN_NPM_REGISTRY_SERVER: 'main',
  GOPROXY: 'main',
};

function judgeEnvironment(cmd: SimpleCommand, judge: Parameters<ShellJudge>[2]): void {
  if (cmd.assignments.size === 0 && cmd.name !== 'export') return;
  const values: [string, string][] = [];
  for (const [name, value] of cmd.assignments) values.push([name, value.text]);
  if (cmd.name === 'export')
    for (const a of cmd.args)
      if (a.text.includes('='))
        values.push([a.text.slice(0, a.text.indexOf('=')), a.text.slice(a.text.indexOf('=') + 1)]);
  for (const [name, value] of values) {
    const kind = INDEX_VARIABLES[name];
    if (kind !== undefined)
      for (const url of value
        .split(/[,|\s]+/u)
        .filter((u) => u !== 'direct' && u !== 'off' && u !== ''))
        judgeIndex(url, kind === 'extra', judge);
    if (/^(?:GOINSECURE|GONOSUMDB|GONOSUMCHECK|GONOSUMVERIFY)$/u.test(name) && value !== '')
      judge.findings.add(PACKAGE_RULES.checksumBypass, `${name}=${value}`);
    if (name === 'GOFLAGS' && /-insecure/u.test(value))
      judge.findings.add(PACKAGE_RULES.checksumBypass, `${name}=${value}`);
    if (name === 'GOSUMDB' && value === 'off')
      judge.findings.add(PACKAGE_RULES.checksumBypass, 'GOSUMDB=off');
  }
}

const PIP_LIKE = new Set([
  'pip',
  'pip3',
  'uv',
  'pipx',
  'pdm',
  'poetry',
  'conda',
  'mamba',
  'micromamba',
  'easy_install',
]);
const NODE_LIKE = new Set(['npm', 'pnpm', 'yarn', 'bun']);
/** Subcommands and flags of system package managers (apt, pacman, rpm …) that change packages. */
const SYSTEM_PACKAGE_CHANGES = [
  'install',
  'add',
  'remove',
  'purge',
  'upgrade',
  'update',
  'dist-upgrade',
  'uninstall',
  'reinstall',
  '-S',
  '-R',
  '-i',
  '-U',
  '--install',
];
const SYSTEM_PACKAGE_CHANGE = new RegExp(
  String.raw`\b(?:${alternation(SYSTEM_PACKAGE_CHANGES)})\b`,
  'u',
);
const SYSTEM_MANAGERS = new Set([
  'apt',
  'apt-get',
  'aptitude',
  'yum',
  'dnf',
  'zypper',
  'pacman',
  'apk',
  'brew',
  'port',
  'snap',
  'flatpak',
  'choco',
  'winget',
  'scoop',
  'emerge',
  'xbps-install',
  'nix-env',
  'dpkg',
  'rpm',
]);

const PIP_VALUES = options(
  '-i --index-url --extra-index-url --default-index --index -f --find-links --trusted-host -r --requirement -c --constraint -t --target --prefix --root --src -e --editable --python -p --only-binary --no-binary --platform --abi --implementation',
);

function pipCommand(cmd: SimpleCommand): SimpleCommand | undefined {
  if (PIP_LIKE.has(cmd.name)) return cmd;
  if (cmd.name === 'python' && cmd.args[0]?.text === '-m' && cmd.args[1]?.text === 'pip')
    return { ...cmd, name: 'pip', args: cmd.args.slice(2) };
  return undefined;
}

function judgePip(cmd: SimpleCommand, judge: Parameters<ShellJudge>[2]): void {
  const args = cmd.name === 'uv' && cmd.args[0]?.text === 'pip' ? cmd.args.slice(1) : cmd.args;
  const sub = args.find((a) => !a.text.startsWith('-'))?.text ?? '';
  const line = joinTexts(args);
  if (sub === 'config' && /\bset\b/u.test(line)) {
    const indexOption = /(index-url|extra-index-url|trusted-host)\s+(\S+)/u.exec(line);
    if (indexOption) {
      judge.findings.add(SHELL_PACKAGE_RULES.indexConfig, line);
      if (indexOption[1] === 'trusted-host')
        judge.findings.add(PACKAGE_RULES.trustedHost, indexOption[2]);
      else judgeIndex(indexOption[2] ?? '', indexOption[1] === 'extra-index-url', judge);
    }
    return;
  }
  if (!/^(?:install|add|download|wheel|sync|lock|run)$/u.test(sub)) return;
  for (const url of optionValues(args, ['-i', '--index-url', '--default-index']))
    judgeIndex(url.text, false, judge);
  for (const url of optionValues(args, ['--extra-index-url', '--index', '-c', '--channel']))
    judgeIndex(url.text, true, judge);
  for (const url of optionValues(args, ['-f', '--find-links'])) judgeIndex(url.text, true, judge);
  for (const host of optionValues(args, ['--trusted-host']))
    if (!/^(?:localhost|127\.|\[?::1)/u.test(host.text))
      judge.findings.add(PACKAGE_RULES.trustedHost, host.text);
  const specs = [
    ...operands(args, PIP_VALUES).filter((a) => a.text !== sub),
    ...optionValues(args, ['-e', '--editable']),
  ];
  for (const spec of specs)
    if (/^(?:[a-z+]+:\/\/|git\+|file:)/iu.test(spec.text))
      judge.findings.add(PACKAGE_RULES.directUrl, spec.text);
  if (
    /^(?:install|add|sync)$/u.test(sub) &&
    !args.some(
      (a) =>
        /^--only-binary(?:=:all:)?$/u.test(a.text) &&
        (a.text.includes(':all:') || args[args.indexOf(a) + 1]?.text === ':all:'),
    )
  ) {
    // Source packages and local folders run their setup code at install; named ones are code nobody here has read.
    const named = specs.filter(
      (s) =>
        /^[A-Za-z0-9][\w.-]*(?:\[[\w,.-]+\])?(?:[<>=!~]=?[\w.*+-]+)?$/u.test(s.text) &&
        !/^\.{1,2}$/u.test(s.text),
    );
    for (const spec of named) {
      const imitated = imitatedPackage(spec.text);
      if (imitated !== undefined)
        judge.findings.add(PACKAGE_RULES.typosquat, `${spec.text} (${imitated}?)`);
    }
    if (named.length > 0)
      judge.findings.add(PACKAGE_RULES.thirdPartyPackage, named.map((s) => s.text).join(' '));
    else if (specs.length > 0 || optionValues(args, ['-r', '--requirement']).length > 0)
      judge.findings.add(PACKAGE_RULES.installScripts, line);
  }
  if (
    cmd.name === 'pipx' ||
    args.some(
      (a) => a.text === '--user' || a.text === '--break-system-packages' || a.text === '--system',
    )
  )
    judge.findings.add(PACKAGE_RULES.globalInstall, line);
}

function judgeNode(cmd: SimpleCommand, judge: Parameters<ShellJudge>[2]): void {
  const ops = cmd.args.filter((a) => !a.text.startsWith('-'));
  const sub = ops[0]?.text ?? '';
  // `npm pkg set scripts.x=…` writes a script that `npm run x` (or an install) runs: judged as that shell.
  if (sub === 'pkg' && ops[1]?.text === 'set') {
    for (const a of ops.slice(2)) {
      const script = /^scripts\.[\w:.-]+=(.*)$/su.exec(a.text)?.[1];
      if (script === undefined) continue;
      const inner = new Findings();
      judgeCommandLine(script, { scope: judge.scope, findings: inner });
      if (inner.blocked) judge.findings.add(CONTENT_RULES.harmfulScript, inner.result().reason);
    }
  }
  const line = joinTexts(cmd.args);
  for (const url of optionValues(cmd.args, ['--registry'])) judgeIndex(url.text, false, judge);
  if ((sub === 'config' || sub === 'set') && /\bregistry\b/u.test(line)) {
    judge.findings.add(SHELL_PACKAGE_RULES.indexConfig, line);
    const value =
      ops[ops.findIndex((a) => /registry$/u.test(a.text)) + 1]?.text ??
      /registry[= ](\S+)/u.exec(line)?.[1];
    if (value !== undefined) judgeIndex(value, false, judge);
  }
  if (!/^(?:install|i|add|ci|in|isntall)$/u.test(sub)) return;
  const valueOptions = new Set([
    '--registry',
    '--prefix',
    '--cache',
    '--tag',
    '--otp',
    '--workspace',
    '-w',
  ]);
  const specs = cmd.args
    .slice(cmd.args.findIndex((a) => a.text === sub) + 1)
    .filter((a, i, all) => !a.text.startsWith('-') && !valueOptions.has(all[i - 1]?.text ?? ''));
  for (const spec of specs)
    if (isDirectSpec(spec.text)) judge.findings.add(PACKAGE_RULES.directUrl, spec.text);
  const named = specs.filter((s) => !isDirectSpec(s.text));
  for (const spec of named) {
    const imitated = imitatedPackage(spec.text.replace(/^@[^/]+\//u, ''));
    if (imitated !== undefined)
      judge.findings.add(PACKAGE_RULES.typosquat, `${spec.text} (${imitated}?)`);
  }
  if (named.length > 0)
    judge.findings.add(PACKAGE_RULES.thirdPartyPackage, named.map((s) => s.text).join(' '));
  // Without names, the lockfile's packages install, and their lifecycle scripts run unless turned off.
  else if (specs.length === 0 && !cmd.args.some((a) => a.text === '--ignore-scripts'))
    judge.findings.add(PACKAGE_RULES.installScripts, `${cmd.name} ${line}`);
  if (
    cmd.args.some((a) => a.text === '-g' || a.text === '--global' || a.text === '--location=global')
  )
    judge.findings.add(PACKAGE_RULES.globalInstall, line);
}

/** `npm pkg set scripts.sync="…"`: the script is written into package.json and judged as shell, like a write of the file. */
function judgeScriptSet(cmd: SimpleCommand, judge: Parameters<ShellJudge>[2]): void {
  if (!NODE_LIKE.has(cmd.name) || cmd.args[0]?.text !== 'pkg' || cmd.args[1]?.text !== 'set')
    return;
  for (const arg of cmd.args.slice(2)) {
    const script = /^scripts\.[^=]+=(.*)$/su.exec(arg.text)?.[1];
    if (script === undefined || script.trim() === '') continue;
    const inner = new Findings();
    judgeCommandLine(script, { scope: judge.scope, findings: inner });
    if (inner.blocked) judge.findings.add(CONTENT_RULES.harmfulScript, inner.result().reason);
  }
}

export const judgeShellPackages: ShellJudge = (facts, _line, judge) => {
  const cmd = facts.cmd;
  judgeEnvironment(cmd, judge);
  judgeScriptSet(cmd, judge);
  const pip = pipCommand(cmd);
  if (pip) judgePip(pip, judge);
  if (NODE_LIKE.has(cmd.name)) judgeNode(cmd, judge);
  const line = facts.argsText;
  if (cmd.name === 'gem' && /^install\b/u.test(line))
    for (const url of optionValues(cmd.args, ['-s', '--source', '--clear-sources']))
      judgeIndex(url.text, true, judge);
  if (cmd.name === 'cargo' && /^install\b/u.test(line)) {
    for (const url of optionValues(cmd.args, ['--index', '--registry', '--git']))
      judge.findings.add(PACKAGE_RULES.directUrl, url.text);
    judge.findings.add(PACKAGE_RULES.globalInstall, `cargo ${line}`);
  }
  if (cmd.name === 'go' && /^install\b/u.test(line))
    judge.findings.add(PACKAGE_RULES.globalInstall, `go ${line}`);
  if (cmd.name === 'go' && /^get\b/u.test(line) && cmd.args.some((a) => a.text === '-insecure'))
    judge.findings.add(PACKAGE_RULES.checksumBypass, 'go get -insecure');
  // apt's -o and -c set hooks (`APT::Update::Pre-Invoke`, `Dpkg::Pre-Invoke`) that run commands.
  const aptOptions =
    /^apt(?:-get|-cache)?$/u.test(cmd.name) &&
    cmd.args.some((a) => /^(?:-o|-c|--option|--config-file)(?:=|$)|^-[oc]\S/u.test(a.text));
  if (aptOptions || (SYSTEM_MANAGERS.has(cmd.name) && SYSTEM_PACKAGE_CHANGE.test(` ${line}`))) {
    judge.findings.add(PACKAGE_RULES.systemInstall, `${cmd.name} ${line}`);
  }
  if (
    cmd.name === 'add-apt-repository' ||
    (cmd.name === 'apt-key' && /\badd\b/u.test(line)) ||
    (cmd.name === 'rpm' && /--import/u.test(line)) ||
    (cmd.name === 'zypper' && /\b(?:ar|addrepo)\b/u.test(line)) ||
    (cmd.name === 'brew' && /^tap\b/u.test(line))
  ) {
    judge.findings.add(PACKAGE_RULES.newRepository, `${cmd.name} ${line}`);
  }
};
