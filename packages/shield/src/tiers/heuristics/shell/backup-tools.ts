import { parseRemote, remoteTarget, type RemoteTarget } from '../network/hosts.js';
import { emptyList } from '../lists.js';
import { withText } from './args.js';
import type { Arg, SimpleCommand } from './model.js';
import { hasFlag, operands, optionValues, options } from './options.js';

/**
 * What a backup program (restic, borg) does with a repository of snapshots:
 * - `look`: lists, checks, compares, mounts or prints snapshots, or keeps the repository tidy;
 * - `backup`: reads `sources` into a new snapshot;
 * - `restore`: writes a snapshot's files into `writes`;
 * - `forget`: deletes snapshots (forget, prune, delete one archive, rewrite);
 * - `destroy`: deletes the whole repository, every snapshot in it;
 * - `key`: adds, changes or exports a key that opens every snapshot (`writes`: where it is exported);
 * - `copy`: copies snapshots from another repository (`remote` is where they come from);
 * - `init`: creates a repository;
 * - `unknown`: a subcommand not modelled here (it may do anything).
 */
export type BackupAct =
  'look' | 'backup' | 'restore' | 'forget' | 'destroy' | 'key' | 'copy' | 'init' | 'unknown';

export interface BackupUse {
  readonly act: BackupAct;
  /** The repository argument, where it lives (undefined: on this machine or the user's own setting). */
  readonly remote: { readonly arg: Arg; readonly target: RemoteTarget } | undefined;
  readonly sources: readonly Arg[];
  readonly writes: readonly Arg[];
  /** What is done, for a reason shown to a person: `restic forget --prune`. */
  readonly detail: string;
}

const use = (
  act: BackupAct,
  detail: string,
  remote: BackupUse['remote'],
  sources: readonly Arg[] = emptyList(),
  writes: readonly Arg[] = emptyList(),
): BackupUse => ({ act, remote, sources, writes, detail });

/** A restic repository in cloud storage or on a server: `s3:`, `sftp:`, `rest:`, `b2:` … */
const RESTIC_BACKEND = /^(s3|sftp|rest|b2|azure|gs|swift|rclone):(.*)$/u;

/** Where a restic repository lives; undefined for a folder on this machine. */
function resticRemote(repo: string): RemoteTarget | undefined {
  const backend = RESTIC_BACKEND.exec(repo);
  if (backend === null) return undefined;
  const [, kind = '', rest = ''] = backend;
  if (kind === 'rclone') return remoteTarget(rest.replace(/:.*$/u, ''), 'configured');
  if (kind === 'b2') return remoteTarget('backblazeb2.com', 'external', 'https');
  if (kind === 'azure') return remoteTarget('blob.core.windows.net', 'external', 'https');
  if (kind === 'gs') return remoteTarget('storage.googleapis.com', 'external', 'https');
  // `s3:host/bucket`, `sftp:user@host:/path`, `rest:https://user:pass@host:8000/`.
  const address = rest.replace(/^\/\//u, '').replace(/^[^@/]*@/u, '');
  const host = /^[a-z][\w+.-]*:\/\//iu.test(rest)
    ? parseRemote(rest)?.host
    : /^([^:/\s]+)/u.exec(address)?.[1];
  if (host === undefined || host === '') return remoteTarget(kind, 'external');
  return parseRemote(host) ?? remoteTarget(host, 'external');
}

/** Where a borg repository lives (`ssh://user@host/path`, `user@host:path`); undefined when local. */
function borgRemote(repo: string): RemoteTarget | undefined {
  if (/^ssh:\/\//u.test(repo)) return parseRemote(repo);
  const host = /^(?:[\w.%+-]+@)?([\w.-]+):(?!\/\/)/u.exec(repo)?.[1];
  return host === undefined ? undefined : (parseRemote(host) ?? remoteTarget(host, 'private'));
}

const located = (
  arg: Arg | undefined,
  where: (text: string) => RemoteTarget | undefined,
): BackupUse['remote'] => {
  if (arg === undefined) return undefined;
  const target = where(arg.text);
  return target === undefined ? undefined : { arg, target };
};

const RESTIC_VALUES = options(
  `-r --repo --repository-file -p --password-file --password-command --cache-dir --key-hint -o
  --option --limit-upload --limit-download --tls-client-cert --cacert --pack-size --compression
  --retry-lock -e --exclude --iexclude --exclude-file --iexclude-file --exclude-if-present
  --exclude-larger-than --files-from --files-from-raw --files-from-verbatim --tag --host -H
  --parent --time --stdin-filename --read-concurrency -t --target -i --include --iinclude --path
  --include-file --iinclude-file --overwrite --keep-last -l --keep-hourly --keep-daily -d
  --keep-weekly -w --keep-monthly -m --keep-yearly -y --keep-within --keep-within-hourly
  --keep-within-daily --keep-within-weekly --keep-within-monthly --keep-within-yearly --keep-tag
  --group-by -g --max-unused --max-repack-size --from-repo --from-repository-file
  --from-password-file --from-password-command --from-key-hint --repo2 --password-file2
  --new-password-file --user -a --archive`.replace(/\s+/gu, ' '),
);

const RESTIC_LOOKING = new Set(
  `snapshots ls stats check diff find cat version help list mount cache unlock generate features
  options tag dump recover migrate`.split(/\s+/u),
);
const RESTIC_FORGETTING = new Set(['forget', 'prune', 'rewrite', 'repair']);

/** `restic [global options] COMMAND …`; the repository comes from `-r` or the user's environment. */
function restic(cmd: SimpleCommand): BackupUse {
  const ops = operands(cmd.args, RESTIC_VALUES);
  const sub = ops[0]?.text ?? '';
  const rest = ops.slice(1);
  const detail = `restic ${sub}`.trim();
  const repo =
    optionValues(cmd.args, ['-r', '--repo'])[0] ?? cmd.assignments.get('RESTIC_REPOSITORY');
  const remote = located(repo, resticRemote);
  if (sub === '' || RESTIC_LOOKING.has(sub)) {
    // `dump --target FILE` writes what it prints into a file.
    const written = sub === 'dump' ? optionValues(cmd.args, ['-t', '--target']) : emptyList<Arg>();
    return use('look', detail, remote, emptyList(), written);
  }
  if (sub === 'backup') {
    const listed = optionValues(cmd.args, [
      '--files-from',
      '--files-from-raw',
      '--files-from-verbatim',
    ]);
    return use('backup', detail, remote, [...rest, ...listed]);
  }
  if (sub === 'restore') return use('restore', detail, remote, emptyList(), restoredPaths(cmd));
  if (RESTIC_FORGETTING.has(sub)) {
    const prune = sub === 'prune' || hasFlag(cmd.args, '', ['--prune']);
    return use('forget', prune ? `${detail} --prune` : detail, remote);
  }
  if (sub === 'key') {
    const verb = rest[0]?.text ?? 'list';
    return use(verb === 'list' ? 'look' : 'key', `${detail} ${verb}`, remote);
  }
  if (sub === 'copy') {
    const from = optionValues(cmd.args, ['--from-repo', '--repo2'])[0];
    return use('copy', detail, located(from, resticRemote) ?? remote);
  }
  if (sub === 'init') return use('init', detail, remote);
  return use('unknown', detail, remote);
}

/**
 * Where `restic restore` writes: under `--target`, the paths `--include` names (a restore of
 * `/home/alice/Documents` into `/` rewrites that folder), or the target as a whole.
 */
function restoredPaths(cmd: SimpleCommand): Arg[] {
  const target = optionValues(cmd.args, ['-t', '--target'])[0];
  if (target === undefined) return emptyList();
  const included = optionValues(cmd.args, ['-i', '--include', '--iinclude']);
  if (included.length === 0) return [target];
  const base = target.text.replace(/\/+$/u, '');
  return included.map((path) => withText(target, `${base}/${path.text.replace(/^\/+/u, '')}`));
}

const BORG_VALUES = options(
  `--remote-path --lock-wait -e --exclude --exclude-from --pattern --patterns-from --comment
  --compression -C --chunker-params --checkpoint-interval --timestamp --files-cache --keep-within
  --keep-last --keep-secondly --keep-minutely -H --keep-hourly -d --keep-daily -w --keep-weekly -m
  --keep-monthly -y --keep-yearly -P --prefix -a --glob-archives --match-archives --sort-by --first
  --last --format --strip-components --encryption --umask --rsh --upload-ratelimit
  --upload-buffer`.replace(/\s+/gu, ' '),
);

const BORG_LOOKING = new Set(
  `list info check diff mount umount version help benchmark compact break-lock rename serve
  upgrade`.split(/\s+/u),
);

/** `borg COMMAND [options] REPO[::ARCHIVE] …`; the repository may also come from BORG_REPO. */
function borg(cmd: SimpleCommand): BackupUse {
  const ops = operands(cmd.args, BORG_VALUES);
  const sub = ops[0]?.text ?? '';
  const detail = `borg ${sub}`.trim();
  if (sub === 'key') {
    const verb = ops[1]?.text ?? '';
    const repo = ops[2] ?? cmd.assignments.get('BORG_REPO');
    const written = verb === 'export' ? ops.slice(3, 4) : emptyList<Arg>();
    return use('key', `${detail} ${verb}`.trim(), located(repo, borgRemote), emptyList(), written);
  }
  const location = ops[1];
  const repoText = location?.text.replace(/::.*$/u, '') ?? '';
  const repo =
    location !== undefined && repoText !== ''
      ? withText(location, repoText)
      : cmd.assignments.get('BORG_REPO');
  const remote = located(repo, borgRemote);
  const names = ops.slice(2);
  const namesArchive = location?.text.includes('::') === true;
  if (sub === '' || BORG_LOOKING.has(sub)) return use('look', detail, remote);
  if (sub === 'create') return use('backup', detail, remote, names);
  // `extract` unpacks into the folder it runs in; `export-tar` writes one archive file.
  if (sub === 'extract')
    return use('restore', detail, remote, emptyList(), [
      withText(location ?? (ops[0] as Arg), cmd.cwd),
    ]);
  if (sub === 'export-tar') return use('restore', detail, remote, emptyList(), names.slice(0, 1));
  if (sub === 'prune' || sub === 'recreate') return use('forget', detail, remote);
  if (sub === 'delete') {
    const some =
      namesArchive ||
      names.length > 0 ||
      optionValues(cmd.args, ['-a', '--glob-archives', '--match-archives', '-P', '--prefix'])
        .length > 0;
    return use(some ? 'forget' : 'destroy', detail, remote);
  }
  if (sub === 'init' || sub === 'rcreate') return use('init', detail, remote);
  return use('unknown', detail, remote);
}

/** What a backup program's command does, or undefined for any other program. */
export function backupUse(cmd: SimpleCommand): BackupUse | undefined {
  if (cmd.name === 'restic') return restic(cmd);
  if (cmd.name === 'borg' || cmd.name === 'borgbackup') return borg(cmd);
  return undefined;
}

export const BACKUP_PROGRAMS: ReadonlySet<string> = new Set(['restic', 'borg', 'borgbackup']);
