import { parseRemote, remoteTarget, type RemoteTarget } from '../network/hosts.js';
import type { Arg, SimpleCommand } from './model.js';
import { hasFlag, operands, optionValues, options } from './options.js';
import { emptyList } from '../lists.js';
import { literalArg, withText } from './args.js';
import { alternation } from '../text/word-list.js';
import { BROWSERS, browserArgs } from './browser-args.js';
import { backupUse, BACKUP_PROGRAMS } from './backup-tools.js';

/** How a command uses the network. */
export type NetworkMode =
  'fetch' | 'send' | 'connect' | 'listen' | 'dns' | 'login' | 'mail' | 'probe';

export interface RemoteUse {
  readonly arg: Arg;
  readonly target: RemoteTarget;
  readonly mode: NetworkMode;
}

export interface NetworkEffects {
  readonly remotes: RemoteUse[];
  /** Local files the command sends (`curl -d @f`, `-T f`, scp/rsync sources, mail attachments). */
  readonly uploads: Arg[];
  /** Files the command writes (downloads). */
  readonly downloads: Arg[];
  /** Files read for configuration (curl -K). */
  readonly reads: Arg[];
  /** Data goes out from stdin (`… | nc host`, `curl -d @-`). */
  stdinSent: boolean;
  /** Inline data or a sending method (`-d 'x'`, `-X POST`). */
  inlineData: Arg[];
  /** Runs a program wired to the connection (`nc -e /bin/sh`, `socat … EXEC:`). */
  execOnConnect: boolean;
  /** Mail recipients named on the command line. */
  readonly recipients: string[];
  tunnel: boolean;
}

const empty = (): NetworkEffects => ({
  remotes: emptyList(),
  uploads: emptyList(),
  downloads: emptyList(),
  reads: emptyList(),
  stdinSent: false,
  inlineData: emptyList(),
  execOnConnect: false,
  recipients: emptyList(),
  tunnel: false,
});

const remoteOf = (arg: Arg | undefined, mode: NetworkMode): RemoteUse[] => {
  if (arg === undefined) return emptyList();
  const target = parseRemote(arg.text);
  return target === undefined ? emptyList() : [{ arg, target, mode }];
};

const hasStdin = (cmd: SimpleCommand): boolean =>
  cmd.stdinFrom !== undefined ||
  cmd.stdinText !== undefined ||
  cmd.redirects.some((r) => r.op === '<' || r.op === '<>');

export const CURL_VALUES = options(
  '-X -H -d -o -u -A -e -F -T -w -x -m -b -c -D -E -K -r -U -y -Y -z -C --request --header --data --data-raw --data-binary --data-ascii --data-urlencode --json --output --user --user-agent --referer --form --form-string --upload-file --write-out --proxy --max-time --cookie --cookie-jar --dump-header --cert --key --config --range --connect-timeout --retry --url --output-dir --resolve --connect-to --cacert --capath --limit-rate --interface --proxy-user --oauth2-bearer --variable --expand-data',
);
export const CURL_DATA = [
  '-d',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-ascii',
  '--data-urlencode',
  '--json',
  '-F',
  '--form',
  '--form-string',
];

function curl(cmd: SimpleCommand, fx: NetworkEffects): void {
  const data = optionValues(cmd.args, CURL_DATA);
  const method = optionValues(cmd.args, ['-X', '--request'])[0]?.text.toUpperCase();
  const uploads = optionValues(cmd.args, ['-T', '--upload-file']);
  for (const value of data) {
    const at = /(?:^|=)@([^;]*)/u.exec(value.text) ?? /^<([^;]*)/u.exec(value.text);
    if (at && (at[1] === '-' || at[1] === '')) fx.stdinSent = true;
    else if (at) fx.uploads.push(withText(value, at[1] ?? ''));
    else fx.inlineData.push(value);
  }
  for (const file of uploads) {
    if (file.text === '-' || file.text === '.') fx.stdinSent = true;
    else fx.uploads.push(file);
  }
  const sending =
    data.length > 0 ||
    uploads.length > 0 ||
    (method !== undefined && !['GET', 'HEAD', 'OPTIONS'].includes(method));
  const urls = [...operands(cmd.args, CURL_VALUES), ...optionValues(cmd.args, ['--url'])];
  for (const url of urls) fx.remotes.push(...remoteOf(url, sending ? 'send' : 'fetch'));
  for (const proxy of optionValues(cmd.args, ['-x', '--proxy']))
    fx.remotes.push(...remoteOf(proxy, 'connect'));
  fx.downloads.push(
    ...optionValues(cmd.args, [
      '-o',
      '--output',
      '-c',
      '--cookie-jar',
      '-D',
      '--dump-header',
    ]).filter((a) => a.text !== '-'),
  );
  if (
    cmd.args.some(
      (a) =>
        a.text === '-O' || a.text === '--remote-name' || /^-[a-zA-Z]*O[a-zA-Z]*$/u.test(a.text),
    )
  ) {
    for (const url of urls)
      fx.downloads.push(
        withText(url, url.text.replace(/[?#].*$/u, '').replace(/.*\//u, '') || 'index.html'),
      );
  }
  fx.reads.push(...optionValues(cmd.args, ['-K', '--config']));
}

function wget(cmd: SimpleCommand, fx: NetworkEffects): void {
  const values = options(
    '-O -o -a -P -i -t -T -U -e --output-document --output-file --append-output --directory-prefix --input-file --post-data --post-file --body-data --body-file --method --header --user --password --tries --timeout --user-agent --execute',
  );
  const postData = optionValues(cmd.args, ['--post-data', '--body-data']);
  const postFile = optionValues(cmd.args, ['--post-file', '--body-file']);
  const method = optionValues(cmd.args, ['--method'])[0]?.text.toUpperCase();
  fx.inlineData.push(...postData);
  fx.uploads.push(...postFile);
  const sending =
    postData.length > 0 ||
    postFile.length > 0 ||
    (method !== undefined && method !== 'GET' && method !== 'HEAD');
  const urls = operands(cmd.args, values);
  for (const url of urls) fx.remotes.push(...remoteOf(url, sending ? 'send' : 'fetch'));
  const out = optionValues(cmd.args, ['-O', '--output-document']);
  if (out.length > 0) fx.downloads.push(...out.filter((a) => a.text !== '-'));
  else fx.downloads.push(...optionValues(cmd.args, ['-P', '--directory-prefix']));
  if (out.length === 0 && optionValues(cmd.args, ['-P', '--directory-prefix']).length === 0) {
    for (const url of urls)
      fx.downloads.push(
        withText(url, url.text.replace(/[?#].*$/u, '').replace(/.*\//u, '') || 'index.html'),
      );
  }
  fx.reads.push(...optionValues(cmd.args, ['-i', '--input-file']));
}

function httpie(cmd: SimpleCommand, fx: NetworkEffects): void {
  const ops = operands(
    cmd.args,
    options('-a --auth -o --output --session --verify --cert --cert-key'),
  );
  let i = 0;
  let method: string | undefined;
  if (/^[A-Z]+$/u.test(ops[0]?.text ?? '')) method = ops[i++]?.text;
  const url = ops[i++];
  const items = ops.slice(i);
  for (const item of items) {
    const file = /^[^=:@]+(?:=@|@)(.+)$/u.exec(item.text);
    if (file) fx.uploads.push(withText(item, file[1] ?? ''));
    else if (/[=:]/u.test(item.text)) fx.inlineData.push(item);
  }
  const sending = items.length > 0 || (method !== undefined && method !== 'GET') || hasStdin(cmd);
  if (hasStdin(cmd)) fx.stdinSent = true;
  fx.remotes.push(...remoteOf(url, sending ? 'send' : 'fetch'));
}

function netcat(cmd: SimpleCommand, fx: NetworkEffects): void {
  const values = options(
    '-p -s -w -q -i -x -X -e -c -O -I -T -W -P --sh-exec --exec --lua-exec --source --source-port --wait --proxy --proxy-type',
  );
  fx.execOnConnect =
    optionValues(cmd.args, ['-e', '-c', '--exec', '--sh-exec', '--lua-exec']).length > 0;
  const listening = hasFlag(cmd.args, 'l', ['--listen']);
  const ops = operands(cmd.args, values);
  if (listening) {
    fx.remotes.push({
      arg: ops[0] ?? literalArg('0.0.0.0'),
      target: remoteTarget('0.0.0.0', 'external'),
      mode: 'listen',
    });
    return;
  }
  const host = ops[0];
  if (host) {
    const target = parseRemote(host.text) ?? remoteTarget(host.text, 'private');
    fx.remotes.push({ arg: host, target, mode: 'connect' });
  }
  fx.stdinSent = hasStdin(cmd);
}

/** socat address types that connect out. */
const SOCAT_CONNECTING = [/TCP[46]?/u, /UDP[46]?/u, 'SCTP', 'OPENSSL', 'SSL', 'PROXY', /SOCKS4A?/u];
/** socat address types that listen for others to connect. */
const SOCAT_LISTENING = [/TCP[46]?-LISTEN/u, /UDP[46]?-LISTEN/u, 'OPENSSL-LISTEN', 'SSL-LISTEN'];
/** socat address types that run a program with the connection as its input and output. */
const SOCAT_RUNNING = ['EXEC', 'SYSTEM'];
/** socat address types that read or write a local file. */
const SOCAT_FILES = ['FILE', 'OPEN', 'GOPEN', 'CREATE', 'READLINE'];
/**
 * A socat address: its type in group 1 (connects), 2 (listens), 3 (runs a program) or 4 (a file),
 * its parameters (host and port, program, path) in group 5.
 */
const SOCAT_ADDRESS = new RegExp(
  String.raw`^(?:(${alternation(SOCAT_CONNECTING)})(?:-CONNECT)?|(${alternation(SOCAT_LISTENING)})|(${alternation(SOCAT_RUNNING)})|(${alternation(SOCAT_FILES)})):([^,]*)`,
  'iu',
);

function socat(cmd: SimpleCommand, fx: NetworkEffects): void {
  const addresses = operands(cmd.args, options('-d -D -lf -lp -t -T'));
  let remote = false;
  let local = false;
  for (const address of addresses) {
    const parts = SOCAT_ADDRESS.exec(address.text);
    if (parts?.[1]) {
      const hostPort = parts[5] ?? '';
      const host = hostPort.replace(/:[^:]*$/u, '');
      const target = parseRemote(host) ?? remoteTarget(host, 'private');
      fx.remotes.push({ arg: address, target, mode: 'connect' });
      remote = true;
    } else if (parts?.[2]) {
      fx.remotes.push({
        arg: address,
        target: remoteTarget('0.0.0.0', 'external'),
        mode: 'listen',
      });
    } else if (parts?.[3]) {
      fx.execOnConnect = true;
    } else if (parts?.[4]) {
      fx.uploads.push(withText(address, parts[5] ?? ''));
      local = true;
    } else if (address.text === '-' || /^STDIO|^STDIN/iu.test(address.text)) local = true;
  }
  fx.stdinSent = remote && (local || hasStdin(cmd));
}

const SSH_VALUES = options('-p -i -l -o -F -J -L -R -D -b -c -e -E -m -O -Q -S -W -w -B -I -P');

function ssh(cmd: SimpleCommand, fx: NetworkEffects): void {
  const ops = operands(cmd.args, SSH_VALUES);
  const destination = ops[0];
  if (destination)
    fx.remotes.push(
      ...remoteOf(withText(destination, destination.text.replace(/^ssh:\/\//u, '')), 'login'),
    );
  fx.tunnel = optionValues(cmd.args, ['-R', '-L', '-D', '-w']).length > 0;
  fx.stdinSent = hasStdin(cmd);
}

const REMOTE_PATH = /^(?:[\w.%+-]+@)?(\[[0-9a-fA-F:.]+\]|[\w.-]+):(?!\/\/)/u;

/** scp / rsync: `host:path` operands are remote; local operands before a remote destination are uploads. */
function copyRemote(
  cmd: SimpleCommand,
  fx: NetworkEffects,
  values: ReturnType<typeof options>,
): void {
  const ops = operands(cmd.args, values);
  const dest = ops[ops.length - 1];
  const sources = ops.slice(0, -1);
  const remoteHost = (arg: Arg | undefined): RemoteUse[] => {
    if (arg === undefined) return emptyList();
    if (/^rsync:\/\//u.test(arg.text)) return remoteOf(arg, 'send');
    const remotePath = REMOTE_PATH.exec(arg.text);
    return remotePath ? remoteOf(withText(arg, remotePath[1] ?? ''), 'send') : emptyList();
  };
  const destRemote = remoteHost(dest);
  if (destRemote.length > 0) {
    fx.remotes.push(...destRemote);
    fx.uploads.push(...sources.filter((source) => remoteHost(source).length === 0));
  } else {
    for (const source of sources) {
      const remote = remoteHost(source);
      if (remote.length > 0)
        fx.remotes.push(
          ...remote.map((r): RemoteUse => ({ arg: r.arg, target: r.target, mode: 'fetch' })),
        );
      else fx.reads.push(source);
    }
    if (dest) fx.downloads.push(dest);
  }
}

function dns(cmd: SimpleCommand, fx: NetworkEffects): void {
  const RECORD = /^(?:A|AAAA|ANY|MX|NS|TXT|CNAME|SOA|PTR|SRV|CAA|DS|DNSKEY|AXFR|IXFR|IN|CH)$/iu;
  for (const op of operands(
    cmd.args,
    options('-t -c -p -q -x -b -f -k -y -W -R -m -port -type -class -timeout'),
  )) {
    if (op.text.startsWith('@') || op.text.startsWith('+') || RECORD.test(op.text)) continue;
    const target = parseRemote(op.text) ?? remoteTarget(op.text, 'external');
    fx.remotes.push({ arg: op, target, mode: 'dns' });
  }
}

function probe(cmd: SimpleCommand, fx: NetworkEffects): void {
  const ops = operands(
    cmd.args,
    options('-c -i -W -w -s -t -I -p -Q -l -m -q -f -z -n -M -T -P -N -g -G -F'),
  );
  const pattern = optionValues(cmd.args, ['-p']);
  for (const op of ops) fx.remotes.push(...remoteOf(op, pattern.length > 0 ? 'send' : 'probe'));
  fx.inlineData.push(...pattern);
}

function mail(cmd: SimpleCommand, fx: NetworkEffects): void {
  const values = options(
    '-s -a -A -c -b -r -f -S -q -F -i -e -o -L -N -p -x -C --subject --attach --from --to --server --header --body --data --auth-user --auth-password',
  );
  fx.uploads.push(...optionValues(cmd.args, ['-a', '-A', '--attach']));
  if (cmd.name === 'swaks') fx.inlineData.push(...optionValues(cmd.args, ['--body', '--data']));
  const recipients = [
    ...operands(cmd.args, values),
    ...optionValues(cmd.args, ['-c', '-b', '--to']),
  ]
    .map((a) => a.text)
    .filter((t) => t.includes('@'));
  fx.recipients.push(...recipients);
  for (const recipient of recipients) {
    const domain = recipient.replace(/^.*@/u, '');
    fx.remotes.push({
      arg: literalArg(domain),
      target: parseRemote(domain) ?? remoteTarget(domain, 'external'),
      mode: 'mail',
    });
  }
  if (recipients.length === 0)
    fx.remotes.push({
      arg: literalArg('mail'),
      target: remoteTarget('unknown recipient', 'external'),
      mode: 'mail',
    });
  fx.stdinSent = hasStdin(cmd);
}

function simpleConnect(cmd: SimpleCommand, fx: NetworkEffects, mode: NetworkMode): void {
  const ops = operands(cmd.args, options('-p -P -u -l -i -o -b -e -c --port --user'));
  fx.remotes.push(...remoteOf(ops[0], mode));
  fx.stdinSent = hasStdin(cmd);
}

function openssl(cmd: SimpleCommand, fx: NetworkEffects): void {
  if (cmd.args[0]?.text !== 's_client') return;
  const connect = optionValues(cmd.args, ['-connect'])[0];
  if (connect)
    fx.remotes.push(...remoteOf(withText(connect, connect.text.replace(/:\d+$/u, '')), 'connect'));
  fx.stdinSent = hasStdin(cmd);
}

/** `s3://` and `gs://` buckets, rclone's `remote:path`, and `b2:`/`sftp:`-style locations. */
const CLOUD_LOCATION =
  /^(?:[a-z][\w+.-]*:\/\/[^/\s]+|(?:s3|gs|b2|azure|sftp|rest|rclone|swift):[^\s]+|[A-Za-z][\w.-]*:(?!\/\/))/u;

/** The host a cloud location names (its bucket, server or configured remote). */
function cloudTarget(arg: Arg): RemoteTarget {
  const name = /^(?:[a-z][\w+.-]*:\/\/)?([^:/\s]+)/iu.exec(arg.text)?.[1] ?? arg.text;
  return parseRemote(arg.text) ?? remoteTarget(name, 'external');
}

/** How a cloud copy tool's command line names remote locations, and where each one is. */
interface CloudLocations {
  readonly isRemote: (arg: Arg) => boolean;
  readonly targetOf: (arg: Arg) => RemoteTarget;
}

const CLOUD_LOCATIONS: CloudLocations = {
  isRemote: (arg) => CLOUD_LOCATION.test(arg.text),
  targetOf: cloudTarget,
};

/**
 * Copies between this machine and cloud storage (`aws s3 sync`, `gsutil cp`, `gcloud storage cp`,
 * `rclone sync`, `az storage blob upload-batch`): local operands copied to a cloud location are
 * uploads, as with scp; a cloud location copied here is a fetch.
 */
function cloudCopy(
  skip: number,
  values: ReturnType<typeof options>,
  locationsOf: (cmd: SimpleCommand) => CloudLocations = () => CLOUD_LOCATIONS,
): Profile {
  return (cmd, fx) => {
    const { isRemote, targetOf } = locationsOf(cmd);
    const ops = operands(cmd.args, values).slice(skip);
    const dest = ops[ops.length - 1];
    const sources = ops.slice(0, -1);
    if (dest !== undefined && isRemote(dest) && !sources.every(isRemote)) {
      fx.remotes.push({ arg: dest, target: targetOf(dest), mode: 'send' });
      fx.uploads.push(...sources.filter((source) => !isRemote(source)));
    } else {
      for (const source of sources) {
        if (isRemote(source))
          fx.remotes.push({ arg: source, target: targetOf(source), mode: 'fetch' });
        else fx.reads.push(source);
      }
      if (dest !== undefined && !isRemote(dest)) fx.downloads.push(dest);
    }
  };
}

const RCLONE_VALUES = options(
  '--config --exclude --include --filter --filter-from --exclude-from --include-from --transfers --checkers --bwlimit --log-file --max-age --min-age --max-size --min-size',
);
/** An on-the-fly remote, `:backend[,option=value…]:path`, configured on the command line itself. */
const RCLONE_INLINE_REMOTE = /^:([\w-]+)[,:]/u;
/** The address among an on-the-fly remote's options (its value may hold colons of its own). */
const RCLONE_INLINE_ADDRESS = /,(?:url|host|endpoint)=["']?([^,"'\s]+)/u;
/** Backend options that point a remote somewhere else (`--webdav-url`, `--sftp-host`, `--s3-endpoint`). */
const RCLONE_BACKEND_ADDRESS = /^--[a-z0-9]+-(?:url|host|endpoint)(?:=|$)/u;

/**
 * Where an rclone location sends: an on-the-fly remote goes to the address in its options (its
 * backend's name when it gives none); a remote named in the user's own rclone configuration is
 * storage they set up (`configured`), unless the command brings its own configuration, an address
 * option or a dotted name that reads as a host.
 */
function rcloneLocations(cmd: SimpleCommand): CloudLocations {
  const ownConfiguration =
    optionValues(cmd.args, ['--config']).length === 0 &&
    !cmd.args.some((a) => RCLONE_BACKEND_ADDRESS.test(a.text)) &&
    ![...cmd.assignments.keys()].some((name) => name.startsWith('RCLONE_'));
  return {
    isRemote: (arg) => RCLONE_INLINE_REMOTE.test(arg.text) || CLOUD_LOCATION.test(arg.text),
    targetOf: (arg) => {
      const inline = RCLONE_INLINE_REMOTE.exec(arg.text);
      if (inline !== null) {
        const address = RCLONE_INLINE_ADDRESS.exec(arg.text)?.[1];
        const target =
          address && (parseRemote(address) ?? parseRemote(address.replace(/:.*$/u, '')));
        return target || remoteTarget(inline[1] ?? arg.text, 'external');
      }
      const name = arg.text.slice(0, arg.text.indexOf(':'));
      if (ownConfiguration && /^[\w-]+$/u.test(name)) return remoteTarget(name, 'configured');
      return cloudTarget(arg);
    },
  };
}

const rcloneTransfer = cloudCopy(1, RCLONE_VALUES, rcloneLocations);

/** `rclone copy|sync|move SOURCE DEST`; a dry run (`--dry-run`, `-n`) copies nothing: it only reads. */
function rcloneCopy(cmd: SimpleCommand, fx: NetworkEffects): void {
  if (!hasFlag(cmd.args, 'n', ['--dry-run'])) return rcloneTransfer(cmd, fx);
  const { isRemote } = rcloneLocations(cmd);
  fx.reads.push(
    ...operands(cmd.args, RCLONE_VALUES)
      .slice(1)
      .filter((op) => !isRemote(op)),
  );
}

const CLOUD_COPY_VERBS = new Set(['cp', 'sync', 'mv', 'rsync', 'copy', 'move', 'copyto', 'moveto']);

/**
 * Only the copying subcommands: `aws s3 ls`, `rclone lsd` and the rest stay as they are. Option
 * values are not subcommands (`rclone --config r.conf copy …`).
 */
function whenCopying(depth: number, values: ReturnType<typeof options>, profile: Profile): Profile {
  return (cmd, fx) => {
    const verb = operands(cmd.args, values)[depth]?.text;
    if (verb !== undefined && CLOUD_COPY_VERBS.has(verb)) profile(cmd, fx);
  };
}

const AWS_VALUES = options(
  '--profile --region --exclude --include --acl --storage-class --endpoint-url --sse --expires',
);
const GSUTIL_VALUES = options('-x -h -p -o -z -Z -a -j');
const GCLOUD_VALUES = options('--project --account --exclude --include');

/** `az storage blob upload(-batch) --file|--source LOCAL`: what the named option points at goes up. */
function azureUpload(cmd: SimpleCommand, fx: NetworkEffects): void {
  const words = cmd.args.map((a) => a.text);
  if (words[0] !== 'storage' || !words.some((w) => /^upload(?:-batch)?$/u.test(w))) return;
  const account = optionValues(cmd.args, ['--account-name'])[0];
  fx.remotes.push({
    arg: account ?? (cmd.args[0] as Arg),
    target: remoteTarget(`${account?.text ?? 'azure'}.blob.core.windows.net`, 'external'),
    mode: 'send',
  });
  fx.uploads.push(...optionValues(cmd.args, ['--file', '-f', '--source', '-s']));
}

type Profile = (cmd: SimpleCommand, fx: NetworkEffects) => void;
/** The code host each CLI talks to unless told another (`--hostname`). */
export const CODE_HOSTS: ReadonlyMap<string, string> = new Map([
  ['gh', 'github.com'],
  ['glab', 'gitlab.com'],
]);
/** Subcommands whose output is content the host serves: files, scripts, patches, API answers. */
const CODE_HOST_FETCHES =
  /^(?:api|release download|gist (?:view|clone)|snippet view|run (?:download|view)|(?:pr|mr) (?:diff|view)|(?:issue|repo) view|repo clone|job artifact|ci artifact)\b/u;

/** `gh release download … -O -`, `gh api …`: the code host's content, fetched without a URL in sight. */
function codeHostFetch(cmd: SimpleCommand, fx: NetworkEffects): void {
  const words = cmd.args.filter((a) => !a.text.startsWith('-'));
  const first = words[0];
  if (first === undefined || !CODE_HOST_FETCHES.test(words.map((a) => a.text).join(' '))) return;
  const host = optionValues(cmd.args, ['--hostname'])[0]?.text ?? CODE_HOSTS.get(cmd.name) ?? '';
  fx.remotes.push({ arg: first, target: remoteTarget(host, 'external', 'https'), mode: 'fetch' });
  for (const out of optionValues(cmd.args, ['-O', '--output']))
    if (out.text !== '-') fx.downloads.push(out);
}

/** A browser fetches the pages it opens; a debugging port hands the whole browser to whoever connects. */
function browser(cmd: SimpleCommand, fx: NetworkEffects): void {
  const opened = browserArgs(cmd);
  for (const url of opened.urls) fx.remotes.push(...remoteOf(url, 'fetch'));
  const address = optionValues(cmd.args, ['--remote-debugging-address'])[0]?.text ?? '127.0.0.1';
  for (const port of opened.debugging)
    fx.remotes.push({ arg: port, target: remoteTarget(address, 'loopback'), mode: 'listen' });
}

/**
 * The Hugging Face Hub's CLI: `download REPO` fetches from the Hub (into `--local-dir` when given),
 * `upload REPO LOCAL` sends a local file or folder there. Its other commands (login, cache,
 * repository settings) talk to the Hub too.
 */
function huggingFace(cmd: SimpleCommand, fx: NetworkEffects): void {
  const ops = operands(
    cmd.args,
    options(
      '--local-dir --cache-dir --repo-type --revision --token --include --exclude --commit-message --commit-description',
    ),
  );
  const sub = ops[0];
  if (sub === undefined) return;
  const hub = remoteTarget('huggingface.co', 'external', 'https');
  if (sub.text === 'upload') {
    fx.remotes.push({ arg: ops[1] ?? sub, target: hub, mode: 'send' });
    fx.uploads.push(...ops.slice(2, 3));
    return;
  }
  fx.remotes.push({
    arg: ops[1] ?? sub,
    target: hub,
    mode: sub.text === 'download' ? 'fetch' : 'connect',
  });
  fx.downloads.push(...optionValues(cmd.args, ['--local-dir']));
}

/**
 * A backup program's repository elsewhere: a backup sends what it saves there, a restore or a
 * copy fetches from it, anything else talks to it.
 */
function backupRepository(cmd: SimpleCommand, fx: NetworkEffects): void {
  const backup = backupUse(cmd);
  if (backup?.remote === undefined) return;
  const { arg, target } = backup.remote;
  const mode: NetworkMode =
    backup.act === 'backup'
      ? 'send'
      : backup.act === 'restore' || backup.act === 'copy'
        ? 'fetch'
        : 'connect';
  fx.remotes.push({ arg, target, mode });
  if (mode === 'send') fx.uploads.push(...backup.sources);
}

/** Lighthouse loads the page it audits. */
function lighthouse(cmd: SimpleCommand, fx: NetworkEffects): void {
  const values = options(
    '--output --output-path --chrome-flags --preset --only-categories --config-path --locale',
  );
  for (const op of operands(cmd.args, values)) fx.remotes.push(...remoteOf(op, 'fetch'));
}

const PROFILES: ReadonlyMap<string, Profile> = new Map<string, Profile>([
  ...[...BROWSERS].map((name) => [name, browser] as const),
  ['lighthouse', lighthouse],
  ...[...BACKUP_PROGRAMS].map((name) => [name, backupRepository] as const),
  ['huggingface-cli', huggingFace],
  ['hf', huggingFace],
  ['curl', curl],
  ['wget', wget],
  ['wget2', wget],
  ['http', httpie],
  ['https', httpie],
  ['xh', httpie],
  ['xhs', httpie],
  ...['nc', 'ncat', 'netcat', 'nc.openbsd', 'nc.traditional', 'pwncat'].map(
    (n) => [n, netcat] as const,
  ),
  ['socat', socat],
  ['ssh', ssh],
  ['autossh', ssh],
  ['mosh', ssh],
  ['scp', (cmd, fx) => copyRemote(cmd, fx, options('-P -i -o -F -J -c -l -S'))],
  [
    'rsync',
    (cmd, fx) =>
      copyRemote(
        cmd,
        fx,
        options(
          '-e --rsh --exclude --include --exclude-from --include-from --files-from -f --filter --password-file --port --rsync-path --log-file --bwlimit --timeout -T --temp-dir --compare-dest --link-dest --chmod --chown -M --backup-dir',
        ),
      ),
  ],
  ['aws', whenCopying(1, AWS_VALUES, cloudCopy(2, AWS_VALUES))],
  ['gsutil', whenCopying(0, GSUTIL_VALUES, cloudCopy(1, GSUTIL_VALUES))],
  ['gcloud', whenCopying(1, GCLOUD_VALUES, cloudCopy(2, GCLOUD_VALUES))],
  ['rclone', whenCopying(0, RCLONE_VALUES, rcloneCopy)],
  ['az', azureUpload],
  ...['dig', 'nslookup', 'host', 'drill', 'kdig', 'delv'].map((n) => [n, dns] as const),
  ...[
    'ping',
    'ping6',
    'traceroute',
    'traceroute6',
    'tracepath',
    'mtr',
    'arping',
    'fping',
    'whois',
    'tcptraceroute',
  ].map((n) => [n, probe] as const),
  ...['mail', 'mailx', 'mutt', 's-nail', 'sendmail', 'msmtp', 'ssmtp', 'swaks', 'neomutt'].map(
    (n) => [n, mail] as const,
  ),
  ...['telnet', 'ftp', 'lftp', 'tftp', 'sftp', 'smbclient', 'curlftpfs'].map(
    (n) =>
      [n, (cmd: SimpleCommand, fx: NetworkEffects) => simpleConnect(cmd, fx, 'connect')] as const,
  ),
  ['openssl', openssl],
  ...[...CODE_HOSTS.keys()].map((n) => [n, codeHostFetch] as const),
  ['websocat', (cmd, fx) => simpleConnect(cmd, fx, 'send')],
  ['wscat', (cmd, fx) => simpleConnect(cmd, fx, 'send')],
  [
    'aria2c',
    (cmd, fx) => {
      for (const op of operands(cmd.args, options('-d -o -i -x -s -j --dir --out --input-file')))
        fx.remotes.push(...remoteOf(op, 'fetch'));
    },
  ],
]);

/** `… > /dev/tcp/host/port`: bash opens a raw socket. */
function devTcp(cmd: SimpleCommand, fx: NetworkEffects): void {
  for (const redirect of cmd.redirects) {
    const device = /^\/dev\/(?:tcp|udp)\/([^/]+)\/\d+/u.exec(redirect.target?.text ?? '');
    if (!device) continue;
    const target = parseRemote(device[1] ?? '') ?? remoteTarget(device[1] ?? '', 'private');
    const out = redirect.op !== '<';
    fx.remotes.push({ arg: redirect.target as Arg, target, mode: out ? 'send' : 'fetch' });
    if (out) fx.stdinSent = true;
  }
}

/**
 * What most commands do on the network: nothing. Shared, so no command pays for empty lists;
 * effects are never changed once built.
 */
const NO_NETWORK: NetworkEffects = empty();

export function networkEffectsOf(cmd: SimpleCommand): NetworkEffects {
  const profile = PROFILES.get(cmd.name);
  if (profile === undefined && cmd.redirects.length === 0) return NO_NETWORK;
  const fx = empty();
  profile?.(cmd, fx);
  devTcp(cmd, fx);
  return fx;
}

export function isNetworkCommand(name: string): boolean {
  return PROFILES.has(name);
}
