import type { Judge, PathUse } from '../judge.js';
import { defineRule } from '../registry.js';
import { judgeIndex } from './packages.js';
import { alternation } from '../text/word-list.js';

export const PACKAGE_SOURCE_RULES = {
  sourceFileChange: defineRule(
    'packages.source_file_change',
    'escalate',
    'changes, unseen, the file that says where packages are downloaded from',
  ),
};

/** Files that tell a package manager where to download packages from. */
const PACKAGE_SOURCE_CONFIG_FILES = [
  '.npmrc',
  /\.yarnrc(?:\.yml)?/u,
  'bunfig.toml',
  'pip.conf',
  'pip.ini',
  'uv.toml',
  '.condarc',
  '.gemrc',
  /\.cargo\/config(?:\.toml)?/u,
];
const PACKAGE_SOURCE_CONFIG = new RegExp(
  String.raw`(?:^|\/)(?:${alternation(PACKAGE_SOURCE_CONFIG_FILES)})$`,
  'u',
);

/** Host names and URLs in config text or a `sed` expression (`s#registry.npmjs.org#mirror.example#`). */
const HOST_OR_URL =
  /\b(?:[a-z][a-z0-9+.-]*:\/\/)?((?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})(?=[/:#|'"\s]|$)/giu;

/** Manifests, lockfiles and submodule lists that name the address each dependency is downloaded from. */
const PACKAGE_MANIFEST_FILES = [
  /package(?:-lock)?\.json/u,
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lock',
  /requirements[\w.-]*\.txt/u,
  'constraints.txt',
  'pyproject.toml',
  /Pipfile(?:\.lock)?/u,
  'poetry.lock',
  'uv.lock',
  /Gemfile(?:\.lock)?/u,
  'go.mod',
  /Cargo\.(?:toml|lock)/u,
  '.gitmodules',
];
const PACKAGE_MANIFEST = new RegExp(
  String.raw`(?:^|\/)(?:${alternation(PACKAGE_MANIFEST_FILES)})$`,
  'u',
);

export function isPackageSourceConfig(use: PathUse): boolean {
  return PACKAGE_SOURCE_CONFIG.test(use.path.absolute);
}

/**
 * An in-place edit of a manifest or lockfile (`sed -i 's#registry.npmjs.org#mirror.example#g'
 * package-lock.json`): a host it writes in is where the next install downloads from.
 */
export function judgeManifestEdit(use: PathUse, commandLine: string, judge: Judge): void {
  if (!PACKAGE_MANIFEST.test(use.path.absolute)) return;
  for (const url of hostsIn(commandLine)) judgeIndex(url, false, judge);
}

/** `package.json`, `requirements.txt`: file names look like host names to the pattern above. */
const FILE_SUFFIX =
  /\.(?:json|lock|txt|toml|ya?ml|md|[cm]?[jt]s|py|cfg|conf|ini|mod|sum|xml|sh|rc)$/iu;

function hostsIn(text: string): string[] {
  return [...text.matchAll(HOST_OR_URL)]
    .filter((m) => !FILE_SUFFIX.test(m[1] ?? ''))
    .map((m) => (/^[a-z][a-z0-9+.-]*:\/\//iu.test(m[0]) ? m[0] : `https://${m[1] ?? ''}`));
}

/**
 * A write to a package-source file decides where every later install downloads code from. With the
 * new text visible, an index the Shield does not know needs a human (and plain HTTP or an extra
 * index is refused, as on the command line); with the text unseen (`sed -i` on the file), the
 * change itself does.
 */
export function judgePackageSourceWrite(
  use: PathUse,
  text: string | undefined,
  judge: Judge,
): void {
  if (!isPackageSourceConfig(use)) return;
  if (text === undefined) {
    judge.findings.add(PACKAGE_SOURCE_RULES.sourceFileChange, use.raw);
    return;
  }
  for (const url of hostsIn(text)) judgeIndex(url, /extra/iu.test(text), judge);
}
