import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';
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
/** Registry subcommands of the Node managers, each with the actions of it that only read. */
const READS_ONLY_LISTS = /^(?:ls|list)$/u;
const REGISTRY_COMMANDS: ReadonlyMap<string, RegExp | undefined> = new Map([
  ['unpublish', undefined],
  ['deprecate', undefined],
  ['owner', READS_ONLY_LISTS],
  ['author', READS_ONLY_LISTS],
  ['access', /^(?:ls|list|get)$/u],
  ['team', READS_ONLY_LISTS],
  ['dist-tag', READS_ONLY_LISTS],
  ['dist-tags', READS_ONLY_LISTS],
  ['hook', READS_ONLY_LISTS],
  ['adduser', undefined],
  ['login', undefined],
  ['logout', undefined],
  ['token', READS_ONLY_LISTS],
]);
/** Every subcommand of the Node managers that speaks to the registry rather than running a task. */
export const NODE_REGISTRY_SUBCOMMANDS: ReadonlySet<string> = new Set([
  'publish',
  'star',
  ...REGISTRY_COMMANDS.keys(),
]);
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

/** A dry run packs and checks without uploading (`-n` is cargo's short form only). */
const dryRun = (cmd: SimpleCommand): boolean =>
  cmd.args.some((a) => a.text === '--dry-run' || (cmd.name === 'cargo' && a.text === '-n'));

/** What `cmd` (`argsText`: its arguments joined) does to a registry: publish, change, or nothing. */
function registryEffect(cmd: SimpleCommand, argsText: string): 'publish' | 'change' | undefined {
  if (NODE_MANAGERS.has(cmd.name)) {
    const words = cmd.args.filter((a) => !a.text.startsWith('-')).map((a) => a.text);
    // Yarn 2+ reaches the registry through `yarn npm …`.
    const [sub = '', action = ''] =
      cmd.name === 'yarn' && words[0] === 'npm' ? words.slice(1) : words;
    if (sub === 'publish') return dryRun(cmd) ? undefined : 'publish';
    if (!REGISTRY_COMMANDS.has(sub)) return undefined;
    const reads = REGISTRY_COMMANDS.get(sub);
    return reads !== undefined && (action === '' || reads.test(action)) ? undefined : 'change';
  }
  const publisher = PUBLISHERS.find(([name, sub]) => name === cmd.name && sub.test(argsText));
  return publisher === undefined || (cmd.name === 'cargo' && dryRun(cmd)) ? undefined : 'publish';
}

export const judgeShellPublishing: ShellJudge = (facts, line, judge) => {
  const cmd = facts.cmd;
  const effect = registryEffect(cmd, facts.argsText);
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
