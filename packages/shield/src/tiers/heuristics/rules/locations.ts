import type { Judge, PathUse } from '../judge.js';
import { defineRule } from '../registry.js';
import { alternation } from '../text/word-list.js';
import { REGENERABLE_OUTSIDE_RULES, regenerableOutside } from './regenerable-outside.js';
import { onlyWorkspaceSecret, WORKSPACE_SECRET_RULES } from './workspace-secrets.js';
import { inertGitConfig, inertShellSettings } from '../content/inert-settings.js';
import { namesSecretMaterial, secretValueIn } from '../content/secrets.js';
import { ENVIRONMENT_SECRETS, SHELL_STARTUP_PERSISTENCE } from '../paths/sensitive-tables.js';
import { loadsCode } from './shell-loader.js';
import { GIT_CONFIG_PERSISTENCE, inAnotherHome } from '../paths/taxonomy.js';
import { isServiceConfig, SERVICE_CONFIG_RULES } from './service-config.js';

/**
 * Where a read, write or delete lands. Shared by the shell rules and the file tools: the same
 * path means the same thing whichever way the action reaches it.
 */
export const LOCATION_RULES = {
  credentialRead: defineRule('secrets.credential_read', 'block', 'reads credentials or secrets'),
  credentialProbe: defineRule(
    'secrets.credential_probe',
    'escalate',
    'lists or inspects where credentials are kept',
  ),
  otherAccountProbe: defineRule(
    'secrets.other_account_probe',
    'block',
    "lists where another account keeps its credentials: the user's agent has no business there",
  ),
  privateRead: defineRule(
    'secrets.private_read',
    'escalate',
    'reads private system or account data',
  ),
  credentialTamper: defineRule(
    'secrets.credential_overwrite',
    'block',
    'overwrites stored credentials',
  ),
  secretFileWrite: defineRule(
    'files.secret_file_write',
    'escalate',
    'writes a file that holds secrets',
  ),
  agentStateRead: defineRule(
    'security.agent_state_read',
    'block',
    "reads the agent harness's own state (database, policies, tokens)",
  ),
  agentStateProbe: defineRule(
    'security.agent_state_probe',
    'escalate',
    "lists the agent harness's own state",
  ),
  agentStateTamper: defineRule(
    'security.agent_state_tamper',
    'block',
    "changes the agent harness's own state",
  ),
  policyRead: defineRule('security.policy_read', 'escalate', 'reads security policy configuration'),
  policyTamper: defineRule(
    'security.policy_tamper',
    'block',
    'changes security policy configuration',
  ),
  logTamper: defineRule('security.log_tampering', 'block', 'alters or removes system logs'),
  historyTamper: defineRule(
    'security.history_tampering',
    'block',
    'erases or disables shell history',
  ),
  persistenceWrite: defineRule(
    'persistence.startup_write',
    'block',
    'writes a file that runs code automatically later',
  ),
  startupSettingsWrite: defineRule(
    'persistence.startup_settings',
    'escalate',
    'changes history, locale or option settings in a shell start-up file',
  ),
  privilegeWrite: defineRule(
    'privilege.account_file_write',
    'block',
    'changes account, sudo or authentication configuration',
  ),
  systemWrite: defineRule('files.system_write', 'block', 'modifies operating-system files'),
  diskWrite: defineRule('destructive.disk_write', 'block', 'writes straight to a disk device'),
  writeOutside: defineRule(
    'files.write_outside_workspace',
    'escalate',
    'writes outside the workspace',
  ),
  installedCodeOutside: defineRule(
    'files.installed_code_tamper',
    'block',
    'rewrites packages installed on this machine, or the agent harness itself',
  ),
  webRootData: defineRule(
    'exfil.web_root_publish',
    'block',
    'puts a data file, archive or key where a web server hands it to anyone',
  ),
  readOutside: defineRule(
    'files.read_outside_workspace',
    'escalate',
    'reads outside the workspace',
  ),
  instructionFileWrite: defineRule(
    'instructions.agent_file_write',
    'escalate',
    'changes a file that agents read as instructions',
  ),
  workspaceDelete: defineRule(
    'destructive.workspace_delete',
    'block',
    'deletes the workspace itself or a folder containing it',
  ),
  deleteOutside: defineRule(
    'destructive.delete_outside_workspace',
    'block',
    'deletes files outside the workspace',
  ),
  deleteTemp: defineRule(
    'destructive.delete_temp_file',
    'escalate',
    'deletes a file in a shared temporary folder',
  ),
  sensitiveDelete: defineRule(
    'destructive.sensitive_delete',
    'block',
    'deletes credentials, startup or system files',
  ),
  unknownDelete: defineRule(
    'destructive.unknown_target',
    'escalate',
    'deletes a target only known at run time (recursively, or named by another command)',
  ),
  workspaceWipe: defineRule(
    'destructive.workspace_contents',
    'block',
    'deletes everything in the workspace',
  ),
  repositoryDelete: defineRule(
    'destructive.repository_history',
    'block',
    "deletes the repository's history (.git)",
  ),
  dynamicWrite: defineRule(
    'files.dynamic_target',
    'escalate',
    'writes where a variable or a command decides at run time',
  ),
  recursiveDelete: defineRule(
    'destructive.recursive_delete',
    'escalate',
    'deletes a folder of the workspace that no build step recreates',
  ),
} as const;

/**
 * Folders a build, an install or a test run recreates: deleting them costs a rebuild, not work.
 * Matched on the last path segment, so `build/../src` (which resolves to `src`) is not one.
 */
const REGENERABLE_FOLDERS = [
  'dist',
  'build',
  'out',
  'target',
  'coverage',
  '.nyc_output',
  'node_modules',
  '.cache',
  'cache',
  'caches',
  'tmp',
  'temp',
  '.tmp',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.parcel-cache',
  '.vite',
  '.next',
  '.nuxt',
  '.turbo',
  '.svelte-kit',
  '.gradle',
  '.tox',
  '.venv',
  'venv',
  'site',
  '_site',
  'public/build',
  'storybook-static',
  '.eslintcache',
  '.angular',
  'bin/Debug',
  'obj',
];
const REGENERABLE = new RegExp(`^(?:${alternation(REGENERABLE_FOLDERS)})$`, 'u');

/** System configuration anyone on the machine may read (os-release, nginx.conf, fstab): its location says nothing secret. */
const WORLD_READABLE_CONFIG =
  /^\/(?:etc|usr\/share|proc\/(?:cpuinfo|meminfo|version|loadavg|uptime|mounts|partitions))(?:\/|$)/u;

export function judgeRead(
  use: PathUse,
  judge: Judge,
  options: { readonly probe?: boolean; readonly fileTool?: boolean } = {},
): void {
  const { traits, path } = use;
  const findings = judge.findings;
  if (traits.device === 'harmless') return;
  if (traits.agentControl !== undefined)
    findings.add(
      options.probe === true ? LOCATION_RULES.agentStateProbe : LOCATION_RULES.agentStateRead,
      use.raw,
    );
  else if (traits.secret !== undefined)
    findings.add(
      options.probe !== true
        ? LOCATION_RULES.credentialRead
        : inAnotherHome(path.absolute, judge.scope.home)
          ? LOCATION_RULES.otherAccountProbe
          : LOCATION_RULES.credentialProbe,
      `${traits.secret}: ${use.raw}`,
    );
  else if (traits.private !== undefined && options.probe !== true)
    findings.add(LOCATION_RULES.privateRead, `${traits.private}: ${use.raw}`);
  if (traits.securityControl !== undefined && options.probe !== true)
    findings.add(LOCATION_RULES.policyRead, use.raw);
  if (options.fileTool === true && !path.inWorkspace && !worldReadableConfig(use, options))
    findings.add(LOCATION_RULES.readOutside, use.raw);
}

function worldReadableConfig(use: PathUse, options: { readonly probe?: boolean }): boolean {
  const { traits } = use;
  const sensitive =
    traits.secret !== undefined ||
    traits.private !== undefined ||
    traits.agentControl !== undefined ||
    traits.securityControl !== undefined;
  // A listing of a well-known config folder names files everyone may read.
  return (
    (options.probe !== true || /^\/etc(?:\/|$)/u.test(use.path.absolute)) &&
    !sensitive &&
    !use.path.glob &&
    !use.path.dynamic &&
    WORLD_READABLE_CONFIG.test(use.path.absolute)
  );
}

/** Folders a web server serves to whoever asks. */
const WEB_ROOT = /^\/(?:var\/www|srv\/(?:www|http)|usr\/share\/nginx\/html)(?:\/|$)/u;
/** Files a site does not serve but a person keeps: records, dumps, archives, keys, configuration. */
const DOCUMENT_EXTENSIONS = ['csv', 'tsv', /xlsx?/u, 'ods', /docx?/u, 'pdf'];
const DATABASE_AND_ARCHIVE_EXTENSIONS = [
  'sql',
  'db',
  /sqlite3?/u,
  'dump',
  'bak',
  'backup',
  'zip',
  'tar',
  'tgz',
  'gz',
  '7z',
  'rar',
];
const KEY_AND_RECORD_EXTENSIONS = ['env', 'pem', 'key', 'p12', 'pfx', 'kdbx', 'vcf', 'mbox', 'pst'];
const CONFIGURATION_EXTENSIONS = [/ya?ml/u, 'ini', 'conf', 'log'];
const DATA_FILE = new RegExp(
  String.raw`\.(?:${alternation(DOCUMENT_EXTENSIONS, DATABASE_AND_ARCHIVE_EXTENSIONS, KEY_AND_RECORD_EXTENSIONS, CONFIGURATION_EXTENSIONS)})$`,
  'iu',
);

/** Where installed packages live, outside the workspace. */
const INSTALLED_PACKAGES = /\/(?:node_modules|site-packages|dist-packages|gems)\//u;
/** A target computed from where packages are installed (`$(npm root -g)/…`), or the harness's own install. */
const INSTALL_LOCATION = new RegExp(
  [
    String.raw`\$\(\s*(?:npm|pnpm|yarn) (?:root|bin|prefix)\b`,
    String.raw`\$\(\s*(?:python3?|pip3?) [^)]*(?:site|getsitepackages|show)\b`,
    String.raw`(?:^|\/)parapet\/(?:packages|dist|node_modules)\/`,
  ].join('|'),
  'u',
);

/**
 * Where a write lands. `content` is the whole new text when the action says it (write_file): a
 * persistence file given only inert settings, or a secrets file given no secret, is judged by that.
 */
export function judgeWrite(use: PathUse, judge: Judge, content?: string): void {
  const { traits, path } = use;
  const findings = judge.findings;
  if (traits.device === 'harmless' || traits.device === 'socket') return;
  if (traits.device === 'disk') return findings.add(LOCATION_RULES.diskWrite, use.raw);
  if (traits.agentControl !== undefined) findings.add(LOCATION_RULES.agentStateTamper, use.raw);
  if (traits.securityControl !== undefined) findings.add(LOCATION_RULES.policyTamper, use.raw);
  if (traits.persistence !== undefined) judgePersistenceWrite(use, judge, content);
  if (traits.privilege !== undefined) findings.add(LOCATION_RULES.privilegeWrite, use.raw);
  if (traits.secret === 'shell history') findings.add(LOCATION_RULES.historyTamper, use.raw);
  else if (
    traits.secret !== undefined &&
    !(
      path.inWorkspace &&
      traits.secret === ENVIRONMENT_SECRETS &&
      content !== undefined &&
      plainSettings(content)
    )
  )
    findings.add(
      path.inWorkspace ? LOCATION_RULES.secretFileWrite : LOCATION_RULES.credentialTamper,
      `${traits.secret}: ${use.raw}`,
    );
  if (traits.log) findings.add(LOCATION_RULES.logTamper, use.raw);
  else if (traits.system && traits.privilege === undefined && traits.persistence === undefined)
    findings.add(
      isServiceConfig(path.absolute) && traits.secret === undefined && !path.glob
        ? SERVICE_CONFIG_RULES.serviceConfigWrite
        : LOCATION_RULES.systemWrite,
      use.raw,
    );
  if (traits.agentInstructions !== undefined)
    findings.add(LOCATION_RULES.instructionFileWrite, traits.agentInstructions);
  if (WEB_ROOT.test(path.absolute) && DATA_FILE.test(path.absolute))
    findings.add(LOCATION_RULES.webRootData, use.raw);
  if (
    (!path.inWorkspace && INSTALLED_PACKAGES.test(path.absolute)) ||
    INSTALL_LOCATION.test(use.raw)
  )
    findings.add(LOCATION_RULES.installedCodeOutside, use.raw);
  if (!path.inWorkspace) findings.add(LOCATION_RULES.writeOutside, use.raw);
  else if (path.dynamic && /^["']?(?:`|\$(?!\{?HOME\b))/u.test(use.raw.trim()))
    findings.add(LOCATION_RULES.dynamicWrite, use.raw);
}

/** A repository's git config with inert keys runs nothing; a start-up file with inert settings still asks. */
function judgePersistenceWrite(use: PathUse, judge: Judge, content: string | undefined): void {
  const kind = use.traits.persistence ?? '';
  if (
    content !== undefined &&
    use.path.inWorkspace &&
    kind === GIT_CONFIG_PERSISTENCE &&
    inertGitConfig(content)
  )
    return;
  if (content !== undefined && kind === SHELL_STARTUP_PERSISTENCE && inertShellSettings(content))
    return judge.findings.add(LOCATION_RULES.startupSettingsWrite, use.raw);
  judge.findings.add(LOCATION_RULES.persistenceWrite, `${kind}: ${use.raw}`);
}

/** A setting whose name says it holds a credential (`DB_PASSWORD=…`, `stripeSecretKey: …`), given any value. */
const CREDENTIAL_NAMED_SETTING =
  /(?:pass(?:word|wd|phrase)?|secret|token|api[_-]?key|private[_-]?key|credential)\w*["']?\s*[=:]\s*["']?[^\s"']/iu;

const ENVIRONMENT_LINE = /^(?:export\s+)?([A-Za-z_]\w*)=([^$`\n]*)$/u;

/**
 * An environment file's new text that holds no credential and loads no code: `NAME=value` lines of
 * plain values, none named or shaped like a secret, none that programs load code from. Writing it
 * puts nothing secret in the file (what it replaces is kept by the workspace snapshot).
 */
function plainSettings(content: string): boolean {
  if (
    secretValueIn(content) !== undefined ||
    CREDENTIAL_NAMED_SETTING.test(content) ||
    namesSecretMaterial(content) !== undefined
  )
    return false;
  return content.split('\n').every((raw) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return true;
    const setting = ENVIRONMENT_LINE.exec(line);
    return setting !== null && !loadsCode(setting[1] ?? '');
  });
}

/** A move's destination that keeps what lands there: not a temporary folder, a device or a guess. */
function keepsFiles(destination: PathUse): boolean {
  const { traits, path } = destination;
  return !traits.temp && traits.device === undefined && !path.dynamic && !path.glob;
}

/**
 * `moved`: the files live on elsewhere (a move), so only where they leave from matters;
 * `keptAt`: where the move puts them, when it keeps them, so leaving is not a loss.
 */
export function judgeDelete(
  use: PathUse,
  recursive: boolean,
  judge: Judge,
  options: { readonly moved?: boolean; readonly keptAt?: PathUse } = {},
): void {
  const { traits, path } = use;
  const findings = judge.findings;
  if (traits.device === 'harmless') return;
  if (path.containsWorkspace && !path.dynamic)
    return findings.add(LOCATION_RULES.workspaceDelete, use.raw);
  if (traits.agentControl !== undefined) findings.add(LOCATION_RULES.agentStateTamper, use.raw);
  if (traits.securityControl !== undefined) findings.add(LOCATION_RULES.policyTamper, use.raw);
  if (traits.secret === 'shell history') findings.add(LOCATION_RULES.historyTamper, use.raw);
  if (traits.log) findings.add(LOCATION_RULES.logTamper, use.raw);
  if (onlyWorkspaceSecret(use, judge))
    findings.add(WORKSPACE_SECRET_RULES.secretFileDelete, use.raw);
  else if (
    traits.secret !== undefined ||
    traits.persistence !== undefined ||
    traits.privilege !== undefined ||
    traits.system
  ) {
    findings.add(LOCATION_RULES.sensitiveDelete, use.raw);
  }
  if (path.dynamic && recursive) findings.add(LOCATION_RULES.unknownDelete, use.raw);
  if (!path.inWorkspace && !path.dynamic) {
    const contained = traits.temp && !recursive && !path.glob;
    if (contained) findings.add(LOCATION_RULES.deleteTemp, use.raw);
    // A move keeps the files (where they land is judged as a write); caches are made again.
    else if (options.keptAt !== undefined && keepsFiles(options.keptAt))
      findings.add(LOCATION_RULES.writeOutside, use.raw);
    else if (regenerableOutside(use, judge))
      findings.add(REGENERABLE_OUTSIDE_RULES.cacheDelete, use.raw);
    else findings.add(LOCATION_RULES.deleteOutside, use.raw);
    return;
  }
  if (/(?:^|\/)\.git$/u.test(path.absolute)) findings.add(LOCATION_RULES.repositoryDelete, use.raw);
  else if (
    recursive &&
    options.moved !== true &&
    !path.dynamic &&
    !path.glob &&
    path.absolute !== judge.scope.workspace
  ) {
    const relative = path.absolute.slice(judge.scope.workspace.length + 1);
    const last = relative.split('/').at(-1) ?? '';
    if (!REGENERABLE.test(last) && !REGENERABLE.test(relative))
      findings.add(LOCATION_RULES.recursiveDelete, use.raw);
  }
  if (traits.agentInstructions !== undefined)
    findings.add(LOCATION_RULES.instructionFileWrite, traits.agentInstructions);
  if (path.glob && recursive && path.absolute.replace(/\/[^/]*$/u, '') === judge.scope.workspace) {
    findings.add(LOCATION_RULES.workspaceWipe, use.raw);
  }
}
