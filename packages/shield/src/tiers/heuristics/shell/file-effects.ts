import type { Arg, SimpleCommand } from './model.js';
import { hasFlag, operands, optionValues, options } from './options.js';
import { emptyList } from '../lists.js';
import { literalArg, makeArg, withText } from './args.js';
import { opensslFiles } from './openssl-files.js';
import { onlySubstitutes } from './sed-scripts.js';
import { BROWSERS, browserArgs } from './browser-args.js';
import { backupUse, BACKUP_PROGRAMS } from './backup-tools.js';
import { deviceUse } from './device-bridges.js';
import { ffmpegStreams, jupyterNotebooksRun, pandocCodeFiles } from './media-args.js';

/** What a command does to files, by argument. Network effects live in network-effects.ts. */
export interface FileEffects {
  reads: Arg[];
  /** Looks at names or metadata only (ls, stat, find). */
  probes: Arg[];
  writes: Arg[];
  deletes: Arg[];
  /** Script files the command runs. */
  executes: Arg[];
  /** Text the command searches for (a grep pattern): never a file, whatever it spells. */
  patterns: Arg[];
  /** Files the command fills with material it makes itself (a new key or certificate). */
  creates: Arg[];
  recursive: boolean;
}

export const emptyEffects = (): FileEffects => ({
  reads: emptyList(),
  probes: emptyList(),
  writes: emptyList(),
  deletes: emptyList(),
  executes: emptyList(),
  patterns: emptyList(),
  creates: emptyList(),
  recursive: false,
});

type Profile = (cmd: SimpleCommand, fx: FileEffects) => void;

const readAll = (values: string): Profile => {
  const valueOptions = options(values);
  return (cmd, fx) => {
    fx.reads.push(...operands(cmd.args, valueOptions).filter((a) => a.text !== '-'));
  };
};
const probeAll = (values: string): Profile => {
  const valueOptions = options(values);
  return (cmd, fx) => {
    fx.probes.push(...operands(cmd.args, valueOptions));
  };
};
const writeAll = (values: string): Profile => {
  const valueOptions = options(values);
  return (cmd, fx) => {
    fx.writes.push(...operands(cmd.args, valueOptions));
  };
};

/** grep-like: the first operand is the pattern unless -e/-f name it. */
const patternThenRead = (
  values: string,
  patternOptions: readonly string[],
  fileOptions: readonly string[],
): Profile => {
  const valueOptions = options(values);
  return (cmd, fx) => {
    const ops = operands(cmd.args, valueOptions);
    const explicitPattern =
      optionValues(cmd.args, patternOptions).length > 0 ||
      optionValues(cmd.args, fileOptions).length > 0;
    fx.reads.push(...optionValues(cmd.args, fileOptions));
    const files = explicitPattern ? ops : ops.slice(1);
    if (!explicitPattern) fx.patterns.push(...ops.slice(0, 1));
    fx.patterns.push(...optionValues(cmd.args, patternOptions));
    fx.reads.push(...files);
    if (files.length === 0 && hasFlag(cmd.args, 'rR', ['--recursive', '--dereference-recursive']))
      fx.reads.push(literalArg('.'));
  };
};

const copyLike = (values: string, moves: boolean): Profile => {
  const valueOptions = options(values);
  return (cmd, fx) => {
    const ops = operands(cmd.args, valueOptions);
    const target = optionValues(cmd.args, ['-t', '--target-directory']);
    const sources = target.length > 0 ? ops : ops.slice(0, -1);
    const dest = target.length > 0 ? target : ops.slice(-1);
    fx.reads.push(...sources);
    fx.writes.push(...dest);
    if (moves) fx.deletes.push(...sources);
    fx.recursive ||= hasFlag(cmd.args, 'rRa', ['--recursive', '--archive']);
  };
};

const remove: Profile = (cmd, fx) => {
  fx.deletes.push(...operands(cmd.args, options('--interactive')));
  fx.recursive ||= hasFlag(cmd.args, 'rR', ['--recursive']);
};

const modeThenTargets = (values: string): Profile => {
  const valueOptions = options(values);
  return (cmd, fx) => {
    const ops = operands(cmd.args, valueOptions);
    const byReference = cmd.args.some((a) => a.text.startsWith('--reference'));
    fx.writes.push(...(byReference ? ops : ops.slice(1)));
    fx.recursive ||= hasFlag(cmd.args, 'R', ['--recursive']);
  };
};

const editor: Profile = (cmd, fx) => {
  const ops = operands(cmd.args, options('-c -S -u -i -t -q'));
  fx.reads.push(...ops);
  fx.writes.push(...ops);
};

const compressor: Profile = (cmd, fx) => {
  const ops = operands(cmd.args, options('-S --suffix -b -T -o'));
  fx.reads.push(...ops);
  if (!hasFlag(cmd.args, 'ck', ['--stdout', '--to-stdout', '--keep'])) fx.writes.push(...ops);
};

/** `tar`: create (inputs read, archive written) or extract (archive read, directory written). */
const tar: Profile = (cmd, fx) => {
  const args = cmd.args;
  const first = args[0]?.text ?? '';
  const cluster =
    /^-?[A-Za-z]+$/u.test(first) && !first.startsWith('--') ? first.replace(/^-/u, '') : '';
  const flags =
    cluster +
    args
      .filter((a) => /^-[A-Za-z]+$/u.test(a.text))
      .map((a) => a.text.slice(1))
      .join('');
  const consumed = new Set<number>(cluster === '' ? [] : [0]);
  let archive: Arg | undefined;
  const dir: Arg[] = [];
  let next = cluster === '' ? 0 : 1;
  for (const letter of cluster) {
    if ('fTXCbN'.includes(letter)) {
      const value = args[next];
      if (value !== undefined) {
        consumed.add(next);
        if (letter === 'f') archive = value;
        else if (letter === 'C') dir.push(value);
        else if (letter === 'T' || letter === 'X') fx.reads.push(value);
      }
      next++;
    }
  }
  for (const value of optionValues(args, ['-f', '--file'])) archive ??= value;
  dir.push(...optionValues(args, ['-C', '--directory']));
  const values = options(
    '-f --file -C --directory -T --files-from -X --exclude-from -b -N --newer --owner --group --mode --transform --exclude -I --use-compress-program',
  );
  const ops = operands(
    args.filter((_, i) => !consumed.has(i)),
    values,
  );
  const extracting =
    /[xt]/u.test(flags) ||
    args.some((a) => a.text === '--extract' || a.text === '--get' || a.text === '--list');
  if (extracting) {
    if (archive !== undefined && archive.text !== '-') fx.reads.push(archive);
    if (/x/u.test(flags) || args.some((a) => a.text === '--extract' || a.text === '--get')) {
      fx.writes.push(...(dir.length > 0 ? dir : [literalArg('.')]));
    }
  } else {
    if (archive !== undefined && archive.text !== '-') fx.writes.push(archive);
    // `-C DIR`: the members are packed from DIR (`tar czf - -C ~ .ssh` reads ~/.ssh).
    const base = dir[dir.length - 1]?.text.replace(/\/+$/u, '');
    fx.reads.push(
      ...ops.map((op) =>
        base === undefined || /^[/~]/u.test(op.text) ? op : withText(op, `${base}/${op.text}`),
      ),
    );
  }
};

const zip: Profile = (cmd, fx) => {
  const ops = operands(cmd.args, options('-x -i -n -t -tt -P --password -b -O --output-file'));
  if (ops[0]) fx.writes.push(ops[0]);
  fx.reads.push(...ops.slice(1));
  fx.recursive ||= hasFlag(cmd.args, 'r', ['--recurse-paths']);
};

const unzip: Profile = (cmd, fx) => {
  const ops = operands(cmd.args, options('-d -x -P'));
  if (ops[0]) fx.reads.push(ops[0]);
  const dir = optionValues(cmd.args, ['-d']);
  fx.writes.push(...(dir.length > 0 ? dir : [literalArg('.')]));
};

const dd: Profile = (cmd, fx) => {
  for (const arg of cmd.args) {
    if (arg.text.startsWith('if=')) fx.reads.push(withText(arg, arg.text.slice(3)));
    if (arg.text.startsWith('of=')) fx.writes.push(withText(arg, arg.text.slice(3)));
  }
};

const sed: Profile = (cmd, fx) => {
  const ops = operands(cmd.args, options('-e -f -l --expression --file --line-length'));
  const scripted = optionValues(cmd.args, ['-e', '--expression', '-f', '--file']).length > 0;
  const files = scripted ? ops : ops.slice(1);
  const scriptFiles = optionValues(cmd.args, ['-f', '--file']);
  const inPlace = cmd.args.some(
    (a) => /^-[a-zA-Z]*i/u.test(a.text) || a.text.startsWith('--in-place'),
  );
  const scripts = scripted
    ? optionValues(cmd.args, ['-e', '--expression'])
    : operands(cmd.args, options('-e -f -l --expression --file --line-length')).slice(0, 1);
  // Substitutions done in place put the file's text back into the file, never on the output.
  const editsOnly =
    inPlace && scriptFiles.length === 0 && scripts.every((a) => onlySubstitutes(a.text));
  fx.reads.push(...(editsOnly ? [] : files), ...scriptFiles);
  if (inPlace) fx.writes.push(...files);
};

const awk: Profile = (cmd, fx) => {
  const ops = operands(cmd.args, options('-F -v -f --field-separator --assign --file')).filter(
    (a) => !/^\w+=/u.test(a.text),
  );
  const programFile = optionValues(cmd.args, ['-f', '--file']);
  fx.reads.push(...programFile, ...(programFile.length > 0 ? ops : ops.slice(1)));
};

const jq: Profile = (cmd, fx) => {
  const args = cmd.args;
  const kept: Arg[] = emptyList();
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? '';
    if (text === '--arg' || text === '--argjson') i += 2;
    else if (text === '--slurpfile' || text === '--rawfile') {
      const file = args[i + 2];
      if (file) fx.reads.push(file);
      i += 2;
    } else if (['-f', '--from-file', '--indent'].includes(text)) {
      if (text !== '--indent' && args[i + 1]) fx.reads.push(args[i + 1] as Arg);
      i++;
    } else if (!text.startsWith('-') || text === '-') kept.push(args[i] as Arg);
  }
  const fromFile = optionValues(args, ['-f', '--from-file']).length > 0;
  const files = fromFile ? kept : kept.slice(1);
  fx.reads.push(...files);
  if (cmd.name === 'yq' && hasFlag(args, 'i', ['--inplace'])) fx.writes.push(...files);
};

const ln: Profile = (cmd, fx) => {
  const ops = operands(cmd.args, options('-t -S --target-directory --suffix'));
  const target = optionValues(cmd.args, ['-t', '--target-directory']);
  if (target.length > 0) fx.writes.push(...target);
  else if (ops.length === 1 && ops[0])
    fx.writes.push(withText(ops[0], ops[0].text.replace(/.*\//u, '') || '.'));
  else if (ops.length > 1) fx.writes.push(ops[ops.length - 1] as Arg);
  // A link makes its target readable through the workspace: linking it is reading it.
  fx.reads.push(...(target.length > 0 ? ops : ops.slice(0, -1)));
};

/**
 * Tests that name what `find` matches: with one, `-delete` removes a selection. Age, size or type
 * alone (`-type f -mtime +1`) still select whole trees of the user's files.
 */
const FIND_FILTERS = /^-(?:i?name|i?path|i?wholename|i?regex|inum|samefile|empty)$/u;

/** `-exec rm …`, `-execdir rm …`, `-ok rm …`: deletion spelled as a command find runs. */
function execRemoves(cmd: Parameters<Profile>[0]): boolean {
  return cmd.args.some(
    (a, i) =>
      /^-(?:exec|execdir|ok|okdir)$/u.test(a.text) &&
      /^(?:\/(?:usr\/)?bin\/)?(?:rm|rmdir|shred|unlink)$/u.test(cmd.args[i + 1]?.text ?? ''),
  );
}

const find: Profile = (cmd, fx) => {
  const firstExpr = cmd.args.findIndex((a) => /^[-(!]/u.test(a.text));
  const roots = (firstExpr === -1 ? cmd.args : cmd.args.slice(0, firstExpr)).filter(
    (a) => !a.text.startsWith('-'),
  );
  const effective = roots.length > 0 ? roots : [literalArg('.')];
  fx.probes.push(...effective);
  if (cmd.args.some((a) => a.text === '-delete') || execRemoves(cmd)) {
    // What find deletes lives under each root, never the root's parent.
    fx.deletes.push(
      ...effective.map((r) =>
        makeArg(`${r.text.replace(/\/+$/u, '')}/*`, r.dynamic, true, r.vars, r.from),
      ),
    );
    fx.recursive = !cmd.args.some((a) => FIND_FILTERS.test(a.text));
  }
  fx.writes.push(...optionValues(cmd.args, ['-fprint', '-fprint0', '-fprintf', '-fls']));
};

const xxd: Profile = (cmd, fx) => {
  const ops = operands(cmd.args, options('-l -s -c -g -o -n -C'));
  if (ops[0] && ops[0].text !== '-') fx.reads.push(ops[0]);
  if (ops[1]) fx.writes.push(ops[1]);
};

/**
 * `ssh-keygen -y -f key` prints what a private key holds and `-p`/`-c` rewrite it; generating a
 * new key names a file that does not exist yet (ssh-keygen asks before overwriting, and there is
 * no terminal to answer), so it only looks at where keys are kept.
 */
const sshKeygen: Profile = (cmd, fx) => {
  const files = optionValues(cmd.args, ['-f']);
  if (cmd.args.some((a) => /^-[a-zA-Z]*[yeik]/u.test(a.text))) fx.reads.push(...files);
  else if (
    cmd.args.some(
      (a) => /^-[a-zA-Z]*[pcNu]/u.test(a.text) && !cmd.args.some((b) => b.text === '-t'),
    )
  )
    fx.writes.push(...files);
  else fx.probes.push(...files);
};

/** pandoc reads its inputs and writes `-o`; filters and a PDF engine named by path are code it runs. */
const pandoc: Profile = (cmd, fx) => {
  const values = options(
    '-o --output -t --to -f --from -r --read -w --write --template -L --lua-filter -F --filter -M --metadata -V --variable --resource-path --bibliography --csl --reference-doc -H --include-in-header -B --include-before-body -A --include-after-body --pdf-engine --pdf-engine-opt --data-dir -d --defaults --css -c --title-prefix -T --epub-cover-image --metadata-file --extract-media --abbreviations --syntax-definition --highlight-style',
  );
  fx.reads.push(...operands(cmd.args, values).filter((a) => a.text !== '-'));
  fx.writes.push(...optionValues(cmd.args, ['-o', '--output']));
  fx.executes.push(...pandocCodeFiles(cmd));
};

const ffmpeg: Profile = (cmd, fx) => {
  const streams = ffmpegStreams(cmd);
  fx.reads.push(...streams.files);
  fx.writes.push(...streams.outputs.filter((a) => a.text !== '-' && a.text !== 'pipe:'));
};

const browser: Profile = (cmd, fx) => {
  const opened = browserArgs(cmd);
  fx.reads.push(...opened.profiles, ...opened.files);
  fx.writes.push(...opened.outputs);
  fx.executes.push(...opened.extensions);
};

/** Lighthouse: the report it writes, and a profile handed to its Chrome. */
const lighthouse: Profile = (cmd, fx) => {
  fx.writes.push(...optionValues(cmd.args, ['--output-path']));
  for (const flags of optionValues(cmd.args, ['--chrome-flags']))
    for (const [, dir] of flags.text.matchAll(/--user-data-dir=(\S+)/gu))
      fx.reads.push(withText(flags, dir ?? ''));
};

/** Files a device bridge copies onto the device (reads) or off it (writes). */
const deviceBridge: Profile = (cmd, fx) => {
  const device = deviceUse(cmd);
  if (device?.act === 'install' || device?.act === 'copy-on') fx.reads.push(...device.files);
  else if (device?.act === 'copy-off') fx.writes.push(...device.files);
};

/** A backup reads what it saves; a restore (or an exported key) writes where it is told. */
const backupProgram: Profile = (cmd, fx) => {
  const backup = backupUse(cmd);
  fx.reads.push(...(backup?.sources ?? []));
  fx.writes.push(...(backup?.writes ?? []));
};

const jupyter: Profile = (cmd, fx) => {
  fx.executes.push(...jupyterNotebooksRun(cmd));
};

const sourceFile: Profile = (cmd, fx) => {
  if (cmd.args[0]) fx.executes.push(cmd.args[0]);
};

const PROFILES: ReadonlyMap<string, Profile> = new Map<string, Profile>([
  ...[
    'cat',
    'tac',
    'nl',
    'wc',
    'uniq',
    'paste',
    'rev',
    'expand',
    'unexpand',
    'cmp',
    'comm',
    'diff',
    'sdiff',
    'diff3',
    'md5sum',
    'sha1sum',
    'sha224sum',
    'sha256sum',
    'sha384sum',
    'sha512sum',
    'b2sum',
    'cksum',
    'sum',
    'base32',
    'zcat',
    'bzcat',
    'xzcat',
    'zless',
    'zmore',
    'less',
    'more',
    'most',
    'view',
    'bat',
    'batcat',
    'tsort',
    'look',
    'strings',
    'pr',
    'tail',
    'head',
    'cut',
    'fold',
    'fmt',
    'column',
    'od',
    'hexdump',
    'base64',
    'iconv',
    'shuf',
    'lp',
    'lpr',
    'split',
    'csplit',
    'envsubst',
    'exiftool',
    'pdftotext',
  ].map(
    (n) =>
      [
        n,
        readAll(
          '-n -c -d -f -b -s -w -A -t -N -j -e -u -r -o -l --lines --bytes --delimiter --fields --width --output -k -T -S --key',
        ),
      ] as const,
  ),
  [
    'sort',
    (cmd, fx) => {
      readAll(
        '-k -t -S -T -o --key --field-separator --buffer-size --temporary-directory --output',
      )(cmd, fx);
      fx.writes.push(...optionValues(cmd.args, ['-o', '--output']));
    },
  ],
  ...['grep', 'egrep', 'fgrep', 'zgrep', 'ack'].map(
    (n) =>
      [
        n,
        patternThenRead(
          '-e -f -m -A -B -C -d -D --include --exclude --exclude-dir --regexp --file --max-count --context --after-context --before-context --label',
          ['-e', '--regexp'],
          ['-f', '--file'],
        ),
      ] as const,
  ),
  ...['rg', 'ag'].map(
    (n) =>
      [
        n,
        patternThenRead(
          '-e -f -g -t -T -m -A -B -C -j -r -M --glob --iglob --type --type-not --regexp --file --max-count --replace --max-depth --max-columns',
          ['-e', '--regexp'],
          ['-f', '--file'],
        ),
      ] as const,
  ),
  ['sed', sed],
  ['awk', awk],
  ['gawk', awk],
  ['mawk', awk],
  ['nawk', awk],
  ['jq', jq],
  ['yq', jq],
  ['xxd', xxd],
  ['tee', writeAll('')],
  ['ssh-keygen', sshKeygen],
  ['openssl', opensslFiles],
  ['touch', writeAll('-d -r -t --date --reference')],
  ['mkdir', writeAll('-m --mode')],
  ['mkfifo', writeAll('-m')],
  ['mknod', writeAll('-m')],
  ['truncate', writeAll('-s -r --size --reference')],
  ['cp', copyLike('-t -S --target-directory --suffix', false)],
  ['install', copyLike('-t -S -m -o -g --target-directory --suffix --mode --owner --group', false)],
  ['mv', copyLike('-t -S --target-directory --suffix', true)],
  ['ln', ln],
  ['link', writeAll('')],
  ...['rm', 'unlink', 'rmdir', 'shred', 'srm', 'wipe', 'trash', 'trash-put', 'gio-trash'].map(
    (n) => [n, remove] as const,
  ),
  ...['chmod', 'chown', 'chgrp', 'chattr', 'setfacl', 'chcon', 'setfattr'].map(
    (n) => [n, modeThenTargets('--reference -m -x -M -X -n -v')] as const,
  ),
  ['tar', tar],
  ['bsdtar', tar],
  ['zip', zip],
  ['unzip', unzip],
  ['dd', dd],
  ...[
    'gzip',
    'gunzip',
    'bzip2',
    'bunzip2',
    'xz',
    'unxz',
    'zstd',
    'unzstd',
    'lz4',
    'compress',
    'uncompress',
  ].map((n) => [n, compressor] as const),
  ...['vi', 'vim', 'nvim', 'nano', 'emacs', 'pico', 'ed', 'code', 'subl', 'micro', 'joe'].map(
    (n) => [n, editor] as const,
  ),
  ...[
    'ls',
    'dir',
    'vdir',
    'stat',
    'file',
    'realpath',
    'readlink',
    'namei',
    'getfacl',
    'lsattr',
    'test',
    '[',
    '[[',
    'open',
    'xdg-open',
    'basename',
    'dirname',
    'cd',
    'pushd',
  ].map(
    (n) =>
      [
        n,
        probeAll('-I -w -T -c -f -m -e --format --printf --hide --ignore --width --tabsize'),
      ] as const,
  ),
  ['du', probeAll('-d -B -t -X --max-depth --block-size --threshold --exclude-from --exclude')],
  [
    'tree',
    (cmd, fx) => {
      probeAll('-L -P -I -o --filelimit --charset')(cmd, fx);
      fx.writes.push(...optionValues(cmd.args, ['-o']));
    },
  ],
  ['find', find],
  [
    'fd',
    probeAll(
      '-e -t -E -d -x -X -j -S --extension --type --exclude --max-depth --exec --exec-batch',
    ),
  ],
  ['pandoc', pandoc],
  ['ffmpeg', ffmpeg],
  ...[...BROWSERS].map((name) => [name, browser] as const),
  ['lighthouse', lighthouse],
  ['jupyter', jupyter],
  ['adb', deviceBridge],
  ['xcrun', deviceBridge],
  ...[...BACKUP_PROGRAMS].map((name) => [name, backupProgram] as const),
  ['source', sourceFile],
  ['.', sourceFile],
]);

/** What most commands do to files by name: nothing. Shared (effects are never changed once built). */
const NO_FILES: FileEffects = emptyEffects();

/** File effects of a command and of its redirections. */
export function fileEffectsOf(cmd: SimpleCommand): FileEffects {
  const profile = PROFILES.get(cmd.name);
  if (profile === undefined && cmd.redirects.length === 0) return NO_FILES;
  const fx = emptyEffects();
  profile?.(cmd, fx);
  for (const redirect of cmd.redirects) {
    if (redirect.target === undefined || /^\d+$|^-$/u.test(redirect.target.text)) continue;
    if (redirect.op === '<') fx.reads.push(redirect.target);
    else if (redirect.op === '<>') {
      fx.reads.push(redirect.target);
      fx.writes.push(redirect.target);
    } else if (redirect.op !== '<<<' && redirect.op !== '<&') fx.writes.push(redirect.target);
  }
  return fx;
}

export function hasFileProfile(name: string): boolean {
  return PROFILES.has(name);
}
