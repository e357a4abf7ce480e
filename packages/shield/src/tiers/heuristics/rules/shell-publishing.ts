import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';
import { joinTexts } from '../shell/args.js';
import { secretPathIn } from './content.js';
import { PACKAGE_RULES } from './packages.js';
import type { ShellJudge } from './shell-judge.js';

/**
 * Releases from this machine: a package, image or release published for others to install, and
 * the registry's own records of a package (its owners, its tags, which versions it serves). A
 * publish asks a human; one whose line names a secret file anywhere (staged into the package, added
 * to its manifest, attached to the release) sends that secret to everyone who installs it.
 */
export const PUBLISHING_RULES = {
  registryChange: defineRule(
    'packages.registry_change',
    'escalate',
    'changes what a registry serves or who may publish there (owners, tags, deprecations, unpublished versions)',
  ),
  publishedSecret: defineRule(
    'packages.published_secret',
    'block',
    'publishes a package or release with a secret file in it',
  ),
};

const NODE_MANAGERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
/** Registry subcommands of the Node managers and the subcommands of theirs that only read. */
const REGISTRY_COMMANDS: Readonly<Record<string, RegExp | undefined>> = {
  unpublish: undefined,
  deprecate: undefined,
  owner: /^(?:ls|list)$/u,
  author: /^(?:ls|list)$/u,
  access: /^(?:ls|list|get)$/u,
  team: /^(?:ls|list)$/u,
  'dist-tag': /^(?:ls|list)$/u,
  'dist-tags': /^(?:ls|list)$/u,
  hook: /^(?:ls|list)$/u,
  adduser: undefined,
  login: undefined,
  logout: undefined,
  token: /^(?:ls|list)$/u,
};
/** `program subcommand` pairs that upload a package, image, chart or release. */
const PUBLISHERS: readonly (readonly [string, RegExp])[] = [
  ['docker', /^push\b/u],
  ['podman', /^push\b/u],
  ['twine', /\bupload\b/u],
  ['flit', /\bpublish\b/u],
  ['cargo', /^publish\b/u],
  ['gem', /^push\b/u],
  ['poetry', /^publish\b/u],
  ['uv', /^publish\b/u],
  ['hatch', /^publish\b/u],
  ['dotnet', /^nuget push\b/u],
  ['helm', /^push\b/u],
  ['gh', /^release (?:create|upload)\b/u],
];

const dryRun = (cmd: SimpleCommand): boolean =>
  cmd.args.some((a) => a.text === '--dry-run' || a.text === '-n');

/** What `cmd` does to a registry: publishes, changes its records, or nothing. */
function registryEffect(cmd: SimpleCommand): 'publish' | 'change' | undefined {
  const line = joinTexts(cmd.args);
  if (NODE_MANAGERS.has(cmd.name)) {
    const [sub = '', action = ''] = cmd.args
      .filter((a) => !a.text.startsWith('-'))
      .map((a) => a.text);
    if (sub === 'publish') return dryRun(cmd) ? undefined : 'publish';
    if (!(sub in REGISTRY_COMMANDS)) return undefined;
    const reads = REGISTRY_COMMANDS[sub];
    return reads !== undefined && (action === '' || reads.test(action)) ? undefined : 'change';
  }
  const publisher = PUBLISHERS.find(([name, sub]) => name === cmd.name && sub.test(line));
  // A cargo or npm-style dry run packs and checks without uploading.
  return publisher === undefined || (cmd.name === 'cargo' && dryRun(cmd)) ? undefined : 'publish';
}

export const judgeShellPublishing: ShellJudge = (facts, line, judge) => {
  const cmd = facts.cmd;
  const effect = registryEffect(cmd);
  if (effect === 'change')
    judge.findings.add(PUBLISHING_RULES.registryChange, `${cmd.name} ${facts.argsText}`);
  if (effect !== 'publish') return;
  judge.findings.add(PACKAGE_RULES.publish, `${cmd.name} ${facts.argsText}`);
  for (const other of line.facts)
    for (const arg of other.cmd.args) {
      const secret = secretPathIn(arg.text, judge);
      if (secret !== undefined)
        return judge.findings.add(PUBLISHING_RULES.publishedSecret, secret.raw);
    }
};
