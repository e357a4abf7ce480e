import { HTTP_EMAIL_RULES, namesRecords } from '../actions/network.js';
import { isSecretVariable, secretValueIn } from '../content/secrets.js';
import { imitatesDomain, labelsCarryData } from '../network/hosts.js';
import { sensitivityOf } from '../paths/taxonomy.js';
import type { CommandFacts, Label, LineFacts } from '../shell/facts.js';
import type { Arg } from '../shell/model.js';
import type { PathUse } from '../judge.js';
import { encodedBlobIn, NETWORK_RULES } from './network.js';
import type { ShellJudge } from './shell-judge.js';
import { joinTexts } from '../shell/args.js';
import { credentialsSentAsAuth } from './credential-headers.js';

const RAW_SOCKET = new Set([
  'nc',
  'ncat',
  'netcat',
  'nc.openbsd',
  'nc.traditional',
  'pwncat',
  'socat',
  'telnet',
  'openssl',
  'websocat',
  'wscat',
]);
/** Programs whose output is a packed copy of whole folders. */
const ARCHIVERS = new Set(['tar', 'bsdtar', 'zip', '7z', '7za', 'cpio', 'pax', 'rar']);
const SHELL_LIKE = new Set(['bash', 'sh', 'zsh', 'dash', 'ksh']);
/** Programs that turn an encoded literal back into what it hides. */
const DECODERS = new Set(['base64', 'base32', 'xxd', 'openssl', 'uudecode', 'gunzip', 'zcat']);
/** `ownCredentials`: secret variables handed to the service they belong to, their intended use. */
function argLabel(arg: Arg, line: LineFacts, ownCredentials?: ReadonlySet<string>): Label {
  let label: Label = 0;
  const leaked = (name: string): boolean => isSecretVariable(name) && !ownCredentials?.has(name);
  if (arg.vars.some(leaked) || secretValueIn(arg.text) !== undefined) return 3;
  for (const from of arg.from) label = Math.max(label, line.labelOf(from), 1) as Label;
  return label;
}

/** How sensitive the data a network command sends is (0 none … 3 secret). */
function sentLabel(facts: CommandFacts, line: LineFacts): Label {
  let label: Label = 0;
  const cmd = facts.cmd;
  if (facts.net.stdinSent) {
    if (cmd.stdinFrom) label = Math.max(label, line.labelOf(cmd.stdinFrom)) as Label;
    if (cmd.stdinText !== undefined && secretValueIn(cmd.stdinText) !== undefined) label = 3;
    for (const redirect of cmd.redirects) {
      if (redirect.op === '<' && redirect.target) {
        const read = facts.reads.find((use) => use.raw === redirect.target?.text);
        const sensitivity = read ? sensitivityOf(read.traits) : undefined;
        label = Math.max(
          label,
          sensitivity === 'secret' ? 3 : sensitivity === 'private' ? 2 : 1,
          read ? line.stagedLabel(cmd, [read]) : 0,
        ) as Label;
      }
    }
    // A redirect to /dev/tcp sends the command's own output.
    if (
      cmd.redirects.some(
        (redirect) =>
          /^\/dev\/(?:tcp|udp)\//u.test(redirect.target?.text ?? '') && redirect.op !== '<',
      )
    )
      label = Math.max(label, line.labelOf(cmd)) as Label;
  }
  for (const upload of facts.uploads) {
    // The whole home folder holds its keys and tokens too.
    const sensitivity = upload.traits.homeRoot ? 'secret' : sensitivityOf(upload.traits);
    label = Math.max(
      label,
      sensitivity === 'secret' ? 3 : sensitivity === 'private' ? 2 : 1,
    ) as Label;
  }
  label = Math.max(label, line.stagedLabel(cmd, facts.uploads)) as Label;
  for (const arg of facts.net.inlineData) label = Math.max(label, argLabel(arg, line)) as Label;
  return label;
}

/** The files a network command sends: its uploads, and what the commands feeding its input read. */
function filesSent(facts: CommandFacts, line: LineFacts): PathUse[] {
  const files = [...facts.uploads];
  let from = facts.net.stdinSent ? facts.cmd.stdinFrom : undefined;
  for (let hops = 0; from !== undefined && hops < 16; hops++) {
    files.push(...line.factsOf(from).reads);
    from = from.stdinFrom;
  }
  return files;
}

export const judgeShellNetwork: ShellJudge = (facts, line, judge) => {
  const findings = judge.findings;
  const cmd = facts.cmd;
  if (facts.net.remotes.length === 0) return;
  const sent = sentLabel(facts, line);
  const ownCredentials = new Set(
    [...credentialsSentAsAuth(facts)].flatMap(([name, use]) =>
      use === 'own-service' ? [name] : [],
    ),
  );
  const raw =
    RAW_SOCKET.has(cmd.name) ||
    cmd.redirects.some((r) => /^\/dev\/(?:tcp|udp)\//u.test(r.target?.text ?? ''));
  for (const remote of facts.net.remotes) {
    const { target, mode, arg } = remote;
    const where = target.host;
    if (target.kind === 'metadata') {
      findings.add(NETWORK_RULES.cloudMetadata, where);
      continue;
    }
    if (mode === 'listen') {
      findings.add(
        facts.net.execOnConnect ? NETWORK_RULES.remoteShell : NETWORK_RULES.listener,
        `${cmd.name} ${joinTexts(cmd.args)}`,
      );
      continue;
    }
    if (target.kind === 'loopback') continue;
    // A whole address from one variable (`curl "$SLACK_WEBHOOK_URL"`) is configuration the Shield
    // cannot see; a host built from data (`$(cat f).example.net`, `$KEY.example.net`) carries it.
    const configuredAddress = /^\$\{?\w+\}?$/u.test(arg.text) && arg.from.length === 0;
    if (configuredAddress) findings.add(NETWORK_RULES.destinationFromEnvironment, arg.text);
    else if (target.kind === 'dynamic' || labelsCarryData(target.host))
      findings.add(NETWORK_RULES.dataInHostname, arg.text);
    if (imitatesDomain(target.host)) findings.add(NETWORK_RULES.deceptiveHost, target.host);
    if (
      mode === 'send' &&
      facts.net.stdinSent &&
      cmd.stdinFrom !== undefined &&
      ARCHIVERS.has(cmd.stdinFrom.name)
    )
      findings.add(NETWORK_RULES.archiveUpload, `${cmd.stdinFrom.name} | ${cmd.name} ${where}`);
    // `echo eyJ… | base64 -d | curl -d @- …`: nobody reading the line can see what is sent, or to
    // whom the body addresses it (a signer, a recipient, a webhook).
    const feeder = facts.net.stdinSent ? cmd.stdinFrom : undefined;
    if (feeder !== undefined && DECODERS.has(feeder.name) && feeder.staticOutput !== undefined)
      findings.add(NETWORK_RULES.hiddenBody, `${feeder.name} | ${cmd.name} ${where}`);
    if (facts.net.execOnConnect || (raw && SHELL_LIKE.has(cmd.name)))
      findings.add(NETWORK_RULES.remoteShell, where);
    const urlData = configuredAddress ? 0 : argLabel(arg, line, ownCredentials);
    // Private files (not secrets) copied to storage the user configured stay theirs: a question.
    if (target.kind === 'configured' && urlData < 2 && sent === 2)
      findings.add(NETWORK_RULES.privateToOwnStorage, where);
    else if (urlData >= 2 || sent >= 2) findings.add(NETWORK_RULES.sensitiveData, where);
    else if (urlData >= 1 && arg.from.length > 0) findings.add(NETWORK_RULES.dataInUrl, arg.text);
    else if (raw && sent >= 1) findings.add(NETWORK_RULES.rawSocketSend, where);
    if (encodedBlobIn(target.query)) findings.add(NETWORK_RULES.encodedQuery, where);
    // A file named for many people's records, sent to a host the user did not configure.
    if ((mode === 'send' || mode === 'mail') && target.kind !== 'configured')
      for (const file of filesSent(facts, line))
        if (file.path.inWorkspace && namesRecords(file.raw))
          findings.add(HTTP_EMAIL_RULES.dataExport, file.raw);
    switch (mode) {
      case 'send':
      case 'mail':
        findings.add(NETWORK_RULES.networkSend, where);
        break;
      case 'login':
        findings.add(facts.net.tunnel ? NETWORK_RULES.tunnel : NETWORK_RULES.remoteLogin, where);
        if (facts.net.stdinSent) findings.add(NETWORK_RULES.networkSend, where);
        break;
      case 'connect':
        // A TLS handshake fed an empty line, or a port check (nc -z), sends no data of the user's.
        if (
          sent === 0 &&
          (cmd.name === 'openssl' ||
            (target.kind === 'private' &&
              cmd.args.some((a) => /^-[a-zA-Z]*z[a-zA-Z]*$/u.test(a.text))))
        )
          break;
        findings.add(
          facts.net.stdinSent ? NETWORK_RULES.networkSend : NETWORK_RULES.rawConnect,
          where,
        );
        break;
      default:
        break;
    }
  }
};
