import { judgeBackups } from './backups.js';
import { judgeMailTools } from './mail-tools.js';
import { judgeListedDeletes } from './listed-deletes.js';
import { judgeVault } from './vault.js';
import { judgeDeviceBridges } from './device-bridges.js';
import { judgePublicFolders } from './public-folders.js';
import { judgeSiteAdmin } from './site-admin.js';
import { judgeDocumentBuilds } from './document-builds.js';
import { judgeSecurityTesting } from './security-testing.js';
import { deviceUse } from '../shell/device-bridges.js';
import { hiddenLayers } from '../decode/hidden-layers.js';
import { usePath, type Judge } from '../judge.js';
import { Findings } from '../findings.js';
import { pathTokens } from '../paths/extract.js';
import { defineRule } from '../registry.js';
import { utf8Text } from '../shell/bytes.js';
import { lineFactsOf } from '../shell/facts.js';
import { joinTexts } from '../shell/args.js';
import type { SimpleCommand } from '../shell/model.js';
import { SHELLS } from '../shell/names.js';
import { onlyDisplaysText } from '../shell/display-only.js';
import { parseCommandLine } from '../shell/parse.js';
import { normalizeText } from '../text/normalize.js';
import { OBFUSCATION_RULES } from './obfuscation.js';
import { judgeProse } from './prose.js';
import { DB_CLIENTS, judgeDatabaseStatements, judgeShellDestructive } from './shell-destructive.js';
import { judgeShellExecution } from './shell-execution.js';
import { judgeShellFiles } from './shell-files.js';
import { judgeShellGit } from './shell-git.js';
import { judgeShellHarnessControls } from './shell-harness-controls.js';
import { judgeShellRemoteSources } from './shell-remote-sources.js';
import { judgeShellLoader } from './shell-loader.js';
import { judgeShellMedia } from './shell-media.js';
import { judgeOpenStores } from './shell-open-stores.js';
import { judgeServedFolders } from './shell-served-folders.js';
import { judgeShellUnpack } from './shell-unpack.js';
import type { ShellJudge } from './shell-judge.js';
import { judgeShellNetwork } from './shell-network.js';
import { judgeShellObservation } from './shell-observation.js';
import { judgeShellPublishing } from './shell-publishing.js';
import { judgeShellPackages } from './shell-packages.js';
import { judgeShellPersistence } from './shell-persistence.js';
import { judgeShellPrivilege } from './shell-privilege.js';
import { judgeShellSecrets } from './shell-secrets.js';
import { judgeShellSecurity } from './shell-security.js';

export const SHELL_RULES = {
  proseCommand: defineRule(
    'shell.prose_command',
    'escalate',
    'reads like a description rather than a command',
  ),
};

const JUDGES: readonly ShellJudge[] = [
  judgeShellFiles,
  judgeShellSecrets,
  judgeShellDestructive,
  judgeShellPrivilege,
  judgeShellSecurity,
  judgeShellPersistence,
  judgeShellNetwork,
  judgeShellPackages,
  judgeShellPublishing,
  judgeShellLoader,
  judgeShellExecution,
  judgeShellGit,
  judgeShellHarnessControls,
  judgeShellRemoteSources,
  judgeShellMedia,
  judgeServedFolders,
  judgeOpenStores,
  judgeShellUnpack,
  judgeShellObservation,
  judgeDeviceBridges,
  judgeDocumentBuilds,
  judgeSecurityTesting,
  judgeBackups,
  judgeMailTools,
  judgeListedDeletes,
  judgeVault,
  judgePublicFolders,
  judgeSiteAdmin,
];

const DECODERS = new Set([
  'base64',
  'base32',
  'xxd',
  'openssl',
  'tr',
  'rev',
  'gunzip',
  'zcat',
  'gzip',
  'printf',
  'uudecode',
]);
/** Programs whose arguments are text for people, not commands. */
const TEXT_PROGRAMS = new Set([
  'echo',
  'printf',
  'say',
  'notify-send',
  'logger',
  'wall',
  'write',
  'banner',
  'figlet',
  'cowsay',
  'espeak',
  'git',
]);
const WORD = /^[A-Za-z][a-z]*[,.]?$/u;

function decodedInput(cmd: SimpleCommand, guard = 0): boolean {
  if (guard > 16) return false;
  const decodes = (c: SimpleCommand): boolean =>
    DECODERS.has(c.name) && (c.name !== 'printf' || c.args.some((a) => a.text.includes('\\')));
  if (cmd.stdinFrom && (decodes(cmd.stdinFrom) || decodedInput(cmd.stdinFrom, guard + 1)))
    return true;
  return cmd.args.some((a) => a.from.some((c) => decodes(c) || decodedInput(c, guard + 1)));
}

/** Decoding proper (encoding, `base64` without `-d`, hides nothing from a reader). */
function decodesText(c: SimpleCommand): boolean {
  const flags = c.args.map((a) => a.text);
  switch (c.name) {
    case 'base64':
    case 'base32':
      return flags.some((f) => f === '--decode' || /^-[a-zA-Z]*[dD]/u.test(f));
    case 'xxd':
      return flags.some((f) => /^-[a-z]*r/u.test(f));
    case 'openssl':
    case 'gzip':
      return flags.includes('-d');
    case 'printf':
      return flags.some((f) => f.includes('\\'));
    default:
      return DECODERS.has(c.name);
  }
}

/** An argument the command gets from a decoder, directly or through a pipe into one. */
function decodedArgument(cmd: SimpleCommand): boolean {
  const decoded = (c: SimpleCommand, guard: number): boolean =>
    decodesText(c) || (guard < 16 && c.stdinFrom !== undefined && decoded(c.stdinFrom, guard + 1));
  return cmd.args.some((a) => a.from.some((c) => decoded(c, 0)));
}

/** `go test with exfiltrating test that sends keys…`: words, not a command line. */
function proseOf(cmd: SimpleCommand): string | undefined {
  if (TEXT_PROGRAMS.has(cmd.name) || cmd.args.length < 4) return undefined;
  // A device bridge's words are its subcommands (`xcrun simctl io booted screenshot`), read above.
  if (deviceUse(cmd) !== undefined) return undefined;
  const words = cmd.args.filter((a) => WORD.test(a.text));
  return words.length >= 4 && words.length >= cmd.args.length * 0.7
    ? `${cmd.program?.text ?? cmd.name} ${joinTexts(cmd.args)}`
    : undefined;
}

/**
 * Text a shell or a database client runs after decoding it, judged on its own: what needs a person
 * to look is hidden from that person, so it is refused rather than asked about.
 */
function judgeHiddenText(cmd: SimpleCommand, judge: Judge, depth: number): void {
  const decoded = cmd.stdinFrom?.staticOutput;
  if (decoded === undefined || depth > 0) return;
  const text = utf8Text(decoded);
  const inner: Judge = { scope: judge.scope, findings: new Findings() };
  if (DB_CLIENTS.has(cmd.name)) judgeDatabaseStatements(cmd, text, inner);
  else judgeCommandLine(text, inner, depth + 1);
  if (!inner.findings.empty)
    judge.findings.add(OBFUSCATION_RULES.hiddenHarm, inner.findings.result().reason);
}

/** Judges a shell command line: every simple command in it, and anything hidden inside. */
export function judgeCommandLine(source: string, judge: Judge, depth = 0): void {
  const findings = judge.findings;
  const normalized = normalizeText(source);
  if (normalized.hiddenCharacters) findings.add(OBFUSCATION_RULES.hiddenCharacters);
  if (normalized.mixedScriptWord !== undefined)
    findings.add(OBFUSCATION_RULES.homoglyph, normalized.mixedScriptWord);
  if (source.includes('\0')) findings.add(OBFUSCATION_RULES.nullByte);
  const parsed = parseCommandLine(normalized.text, judge.scope);
  if (parsed.syntaxErrors.length > 0)
    findings.add(OBFUSCATION_RULES.syntaxError, parsed.syntaxErrors[0]);
  if (parsed.truncated) findings.add(OBFUSCATION_RULES.tooComplex);
  const line = lineFactsOf(parsed.commands, judge);
  for (const facts of line.facts) {
    const before = findings.size;
    for (const judgeCommand of JUDGES) judgeCommand(facts, line, judge);
    const cmd = facts.cmd;
    // A command that needs a human, whose target is decoded at run time: the reader sees no target.
    if (findings.size > before && decodedArgument(cmd))
      findings.add(OBFUSCATION_RULES.hiddenHarm, `${cmd.name} ${joinTexts(cmd.args)}`);
    if (
      (SHELLS.has(cmd.name) ||
        DB_CLIENTS.has(cmd.name) ||
        cmd.name === 'eval' ||
        cmd.name === 'source' ||
        cmd.name === '.') &&
      decodedInput(cmd)
    ) {
      findings.add(OBFUSCATION_RULES.decodedExecution, cmd.name);
      judgeHiddenText(cmd, judge, depth);
    }
    const prose = proseOf(cmd);
    if (prose !== undefined) {
      findings.add(SHELL_RULES.proseCommand, prose);
      judgeProse(prose, judge, 'instruction');
    }
  }
  // Encoded literals (long base64/hex, escapes) are decoded and read again; after a block they
  // could only add reasons.
  if (findings.blocked) return;
  const displayed = onlyDisplaysText(parsed.commands);
  // `\"`, `\'` and `\\` are the shell's own quoting, already read by the parse above: a layer
  // that only undoes them hides nothing (and, read again, leaves a quote unbalanced).
  const quotingUndone = normalized.text.replace(/\\(["'\\])/gu, '$1');
  for (const layer of hiddenLayers(normalized.text)) {
    if (layer === quotingUndone) continue;
    for (const token of pathTokens(layer)) {
      const use = usePath(token, judge.scope);
      if (use.traits.secret !== undefined || use.traits.agentControl !== undefined)
        findings.add(OBFUSCATION_RULES.encodedReference, `${token} hidden in an encoded literal`);
    }
    // A decoded command that is only shown is judged when (if) it is proposed to run.
    if (depth === 0 && !displayed && /^\s*(?:[\w./-]+\/)?[a-z][\w.-]*\s/u.test(layer))
      judgeCommandLine(layer, judge, depth + 1);
  }
}
