import { alternation, escapeRegExp } from '../text/word-list.js';

/**
 * Files in the workspace that decide what code runs: installed packages, the definitions build
 * and CI tools follow, what a build produces and ships, and programs on a project's own PATH.
 * Replacing one changes what `npm test`, `make` or the next deploy runs, without anyone
 * running a script the Shield could read.
 */
export type ToolingRole = 'installed-code' | 'build-definition' | 'build-output' | 'program';

/** Folders packages are installed into: the project imports and runs their code. */
const PACKAGE_FOLDERS = [
  'node_modules',
  '.venv',
  'venv',
  'site-packages',
  'dist-packages',
  'vendor/bundle',
  '.bundle',
];
/** Python runs these at every start (`.pth` lines starting with `import` are executed too). */
const PYTHON_STARTUP_HOOKS = ['sitecustomize', 'usercustomize'];
const INSTALLED_CODE = new RegExp(
  String.raw`(?:^|\/)(?:${alternation(PACKAGE_FOLDERS)})(?:\/|$)|(?:^|\/)(?:${alternation(PYTHON_STARTUP_HOOKS)})\.py$|\.pth$`,
  'u',
);

/** Files `make`, `just`, `rake` and `task` take their recipes from. */
const TASK_FILES = [
  'Makefile',
  'GNUmakefile',
  'makefile',
  'Justfile',
  'Rakefile',
  /Taskfile\.ya?ml/u,
];
/** JavaScript manifests and lockfiles: scripts to run and the packages to install. */
const JAVASCRIPT_MANIFESTS = [
  'package.json',
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  /bun\.lockb?/u,
];
/** Python requirements, build configuration and lockfiles. */
const PYTHON_MANIFESTS = [
  /requirements[\w.-]*\.txt/u,
  'constraints.txt',
  'pyproject.toml',
  'setup.py',
  'setup.cfg',
  /Pipfile(?:\.lock)?/u,
  'poetry.lock',
  'uv.lock',
];
/** Rust, Go, Ruby and JVM manifests and lockfiles. */
const OTHER_MANIFESTS = [
  /Cargo\.(?:toml|lock)/u,
  /go\.(?:mod|sum)/u,
  /Gemfile(?:\.lock)?/u,
  'pom.xml',
  /build\.gradle(?:\.kts)?/u,
];
/** Container images and the services composed from them. */
const CONTAINER_DEFINITIONS = [
  'Dockerfile',
  'Containerfile',
  /docker-compose\.ya?ml/u,
  /compose\.ya?ml/u,
];
/** CI, hook and package-manager configuration, and pytest's auto-loaded fixtures. */
const TOOL_CONFIGURATION = [
  '.gitlab-ci.yml',
  '.pre-commit-config.yaml',
  '.npmrc',
  /\.yarnrc(?:\.yml)?/u,
  'conftest.py',
];
/** Folders whose every file is a CI definition. */
const CI_FOLDERS = ['.github/workflows/', '.circleci/'];
/** Folders of hooks a hook manager has git run on every commit (husky, `core.hooksPath`): shell scripts. */
const HOOK_FOLDERS = ['.husky/', '.githooks/'];
const HOOK_SCRIPT = new RegExp(
  String.raw`(?:^|\/)(?:${alternation(HOOK_FOLDERS)})(?!_\/)[^/]+$`,
  'u',
);

/** Whether `relative` (a workspace path) is a hook git runs on every commit once the project's hook manager is set up. */
export function isHookScript(relative: string): boolean {
  return HOOK_SCRIPT.test(relative);
}
const BUILD_DEFINITION = new RegExp(
  [
    String.raw`(?:^|\/)(?:${alternation(TASK_FILES, JAVASCRIPT_MANIFESTS, PYTHON_MANIFESTS, OTHER_MANIFESTS, CONTAINER_DEFINITIONS, TOOL_CONFIGURATION)})$`,
    ...[...CI_FOLDERS, ...HOOK_FOLDERS].map(
      (folder) => String.raw`(?:^|\/)${escapeRegExp(folder)}`,
    ),
  ].join('|'),
  'u',
);
const BUILD_OUTPUT = /^(?:dist|build|out|target|release)(?:\/|$)/u;
const PROGRAM = /(?:^|\/)(?:bin|\.bin|sbin)\/[^/]+$/u;

/** The role of `absolute` (a canonical path) when it lies in `workspace`; undefined otherwise. */
export function toolingRole(absolute: string, workspace: string): ToolingRole | undefined {
  if (!absolute.startsWith(`${workspace}/`)) return undefined;
  const relative = absolute.slice(workspace.length + 1);
  if (INSTALLED_CODE.test(relative)) return 'installed-code';
  if (BUILD_DEFINITION.test(relative)) return 'build-definition';
  if (PROGRAM.test(relative)) return 'program';
  if (BUILD_OUTPUT.test(relative)) return 'build-output';
  return undefined;
}

/**
 * The commands a build or CI file will run, as shell text: package.json scripts, Dockerfile RUN
 * lines, CI `run:` steps. Undefined for files whose commands are not embedded this way.
 */
export function embeddedCommands(relative: string, content: string): string | undefined {
  if (/(?:^|\/)package\.json$/u.test(relative)) {
    try {
      const scripts = (JSON.parse(content) as { scripts?: unknown }).scripts;
      if (scripts === null || typeof scripts !== 'object') return undefined;
      return Object.values(scripts)
        .filter((v): v is string => typeof v === 'string')
        .join('\n');
    } catch {
      return undefined;
    }
  }
  if (/(?:^|\/)(?:Dockerfile|Containerfile)$|\.dockerfile$/u.test(relative)) {
    const joined = content.replace(/\\\r?\n/gu, ' ');
    return [...joined.matchAll(/^\s*RUN\s+(.+)$/gmu)].map((m) => m[1] ?? '').join('\n');
  }
  // A recipe line is a tab-indented shell line; `@`, `-` and `+` only change how make echoes it.
  if (/(?:^|\/)(?:GNUmakefile|[Mm]akefile)$|\.mk$/u.test(relative)) {
    const joined = content.replace(/\\\r?\n/gu, ' ');
    return [...joined.matchAll(/^\t[@+-]*(.+)$/gmu)]
      .map((m) => (m[1] ?? '').replace(/\$\$/gu, '$'))
      .join('\n');
  }
  if (HOOK_SCRIPT.test(relative)) return content;
  // A CI secret expression is that secret's value at run time: read as the variable it fills.
  if (
    /(?:^|\/)\.github\/workflows\/|(?:^|\/)\.gitlab-ci\.yml$|(?:^|\/)\.circleci\//u.test(relative)
  )
    return ciRunSteps(content).replace(/\$\{\{\s*secrets\.(\w+)\s*\}\}/gu, '$$$1');
  return undefined;
}

/** `run: cmd` and `run: |` blocks (and GitLab's `script:` items) of a CI YAML file. */
function ciRunSteps(content: string): string {
  const out: string[] = [];
  const lines = content.split(/\r?\n/u);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const step = /^(\s*)(?:-\s+)?(?:run|script|command):\s*(.*)$/u.exec(line);
    if (!step) continue;
    const value = (step[2] ?? '').trim();
    if (value !== '' && !/^[|>][-+]?$/u.test(value)) {
      out.push(value.replace(/^["']|["']$/gu, ''));
      continue;
    }
    const indent = (step[1] ?? '').length;
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j] ?? '';
      if (next.trim() === '') continue;
      const nextIndent = /^\s*/u.exec(next)?.[0].length ?? 0;
      if (nextIndent <= indent) break;
      out.push(next.trim().replace(/^-\s+/u, ''));
    }
  }
  return out.join('\n');
}

/**
 * A file directly in a folder of programs anywhere (`~/.local/bin/x`, `~/bin/x`, `/opt/tool/bin/x`):
 * what lands there runs whenever its name is typed, by the user or by a script on the PATH.
 */
export function inProgramFolder(absolute: string): boolean {
  return PROGRAM.test(absolute);
}
