import { isSecretVariable } from '../content/secrets.js';
import { defineRule } from '../registry.js';
import { dumpsEnvironment } from '../shell/facts.js';
import type { SimpleCommand } from '../shell/model.js';
import type { ShellJudge } from './shell-judge.js';
import { caseless } from '../../../caseless.js';
import { joinTexts } from '../shell/args.js';
import { operands, options } from '../shell/options.js';
import { isConfigTemplate } from '../paths/config-templates.js';
import { CREDENTIAL_HEADER_RULES, credentialsSentAsAuth } from './credential-headers.js';
import { alternation } from '../text/word-list.js';
import { looksUpPlainSetting } from './config-lookup.js';
import { judgeDatabaseSecretColumns } from './database-secret-columns.js';
import { connectionVariables, runsMigration } from './migration-tools.js';

export const SHELL_SECRET_RULES = {
  secretVariable: defineRule(
    'secrets.env_secret_read',
    'block',
    'reads a secret from an environment variable',
  ),
  environmentDump: defineRule(
    'secrets.environment_dump',
    'escalate',
    'prints the whole environment, secrets included',
  ),
  environmentStaged: defineRule(
    'secrets.environment_to_file',
    'block',
    'writes the whole environment, secrets included, to a file',
  ),
  credentialTool: defineRule(
    'secrets.credential_tool',
    'block',
    'asks a credential store or cloud CLI for secrets',
  ),
  credentialSearch: defineRule(
    'secrets.credential_search',
    'escalate',
    'searches files for passwords, keys or tokens',
  ),
  credentialHunt: defineRule(
    'secrets.credential_hunt',
    'block',
    'searches outside the workspace for passwords, keys or tokens',
  ),
  configReveal: defineRule(
    'secrets.config_reveal',
    'block',
    'pulls passwords, keys or connection strings out of a configuration file',
  ),
  configExtract: defineRule(
    'secrets.config_extract',
    'escalate',
    "prints lines of an application's connection settings",
  ),
};

/** AWS calls that print keys, session tokens, secrets or registry passwords. */
const AWS_SECRET_READS = [
  /configure (?:get|export-credentials)/u,
  'sts get-session-token',
  'secretsmanager get-secret-value',
  /ssm get-parameters?\b.*--with-decryption/u,
  'ecr get-login-password',
  'iam create-access-key',
];
/** gcloud calls that print access or identity tokens, or a secret's value. */
const GCLOUD_SECRET_READS = [
  /auth (?:print-access-token|print-identity-token|application-default print-access-token)/u,
  'secrets versions access',
];

/** Terraform's and OpenTofu's state and JSON outputs: every attribute in clear, secrets too. */
const TERRAFORM_SECRET_READS = /^(?:state pull\b|show\b.*-json|output\b.*-json)/u;

/**
 * What a password manager's CLI is asked that only lists or looks up (`op item list`, `op item get
 * X --fields username`, `bw list items`): a known program doing a known thing. The reads that
 * hand out a secret are refused by the table below whatever this says.
 */
const PASSWORD_MANAGER_LOOKUPS: ReadonlyMap<string, RegExp> = new Map([
  ['op', /^(?:item (?:get|list)|vault (?:get|list)|document list|whoami|account list)\b/u],
  ['bw', /^(?:get|list|status)\b/u],
]);

export function looksUpPasswordManager(cmd: SimpleCommand): boolean {
  const lookup = PASSWORD_MANAGER_LOOKUPS.get(cmd.name);
  return lookup !== undefined && lookup.test(joinTexts(cmd.args));
}

/** `program subcommand…` prefixes that hand out secrets. */
const CREDENTIAL_COMMANDS: ReadonlyMap<string, RegExp> = new Map([
  [
    'security',
    /^(?:find-generic-password|find-internet-password|dump-keychain|export|find-certificate)\b/u,
  ],
  ['secret-tool', /^(?:lookup|search)\b/u],
  ['pass', /^(?!ls\b|find\b|init\b|git\b|help\b|version\b)\S/u],
  // An item's username, address or title alone reveals no secret (`op item get X --fields username`).
  [
    'op',
    /^(?:read|item get(?!.*\s--fields[= ](?:label=)?(?:username|website|url|title|email)(?:,(?:label=)?(?:username|website|url|title|email))*(?:\s|$))|document get|inject)\b/u,
  ],
  [
    'bw',
    /^(?:get (?!(?:username|uri|folder|collection|organization|template)\b)|export|list items)/u,
  ],
  ['lpass', /^(?:show|export)\b/u],
  ['keepassxc-cli', /^(?:show|export|clip)\b/u],
  ['gpg', /--export-secret-(?:keys|subkeys)/u],
  ['gpg2', /--export-secret-(?:keys|subkeys)/u],
  ['aws', new RegExp(String.raw`^(?:${alternation(AWS_SECRET_READS)})\b`, 'u')],
  ['gcloud', new RegExp(String.raw`^(?:${alternation(GCLOUD_SECRET_READS)})\b`, 'u')],
  ['az', /^(?:account get-access-token|keyvault secret show|ad sp credential reset)\b/u],
  ['kubectl', /^(?:get secrets?\b|describe secrets?\b|config view\b.*--raw|create token\b)/u],
  // A release's values and manifests hold the passwords it was installed with, and its Secrets.
  ['helm', /^get (?:values|all|manifest)\b/u],
  ['terraform', TERRAFORM_SECRET_READS],
  ['tofu', TERRAFORM_SECRET_READS],
  ['pulumi', /--show-secrets\b/u],
  ['ansible-vault', /^(?:view|decrypt)\b/u],
  ['gh', /^auth (?:token|status\b.*(?:-t|--show-token))/u],
  ['glab', /^auth (?:token|status\b.*(?:-t|--show-token))/u],
  ['vault', /^(?:read|kv get|token (?:create|lookup))\b/u],
  // Decrypting prints every value of the file; encrypting and editing do not.
  ['sops', /(?:^|\s)(?:-d|--decrypt)\b/u],
  ['git', /^credential(?:-\w+)? (?:fill|get)\b/u],
  ['getent', /^(?:shadow|gshadow)\b/u],
  ['doppler', /^secrets\b/u],
  ['heroku', /^auth:token\b/u],
  ['npm', /^token (?:list|create)\b/u],
  ['docker', /^login\b.*--password(?!-stdin)/u],
]);
/** Application settings files: where frameworks keep the database URL, its user and password. */
const APPLICATION_SETTINGS_FILES = [
  'wp-config.php',
  /database\.ya?ml/u,
  /secrets?\.(?:ya?ml|json|toml)/u,
  /settings(?:_\w+)?\.py/u,
  'local_settings.py',
  /application(?:-\w+)?\.(?:properties|ya?ml)/u,
  /appsettings(?:\.\w+)?\.json/u,
  /config\.(?:php|inc\.php)/u,
];
const ENVIRONMENT_AND_INI_FILES = [/\.env(?:\.[\w-]+)?/u, /[\w-]*\.(?:ini|cnf|conf)/u];
const CREDENTIALS_FILES = [/credentials(?:\.\w+)?/u];
/** Tool configuration that holds registry tokens or service passwords. */
const TOOL_FILES_WITH_SECRETS = [/docker-compose\.ya?ml/u, '.npmrc', '.pypirc'];
/** Configuration files that carry connection strings, passwords or keys beside ordinary settings. */
const CONFIG_WITH_SECRETS = new RegExp(
  String.raw`(?:^|\/)(?:${alternation(APPLICATION_SETTINGS_FILES, ENVIRONMENT_AND_INI_FILES, CREDENTIALS_FILES, TOOL_FILES_WITH_SECRETS)})$`,
  'u',
);
/** Folders of source code, as opposed to configuration and data. */
export const SOURCE_TREE =
  /^\/?(?:src|lib|app|apps|packages|tests?|spec|internal|cmd|pkg)(?:\/|$)/u;

/** `cat config/database.yml | grep password`: the searcher reads what a config file holds. */
function readsConfig(from: SimpleCommand): boolean {
  return from.args.some((a) => CONFIG_WITH_SECRETS.test(a.text));
}

/** An application's connection settings: where the database URL, its user and password sit together. */
const CONNECTION_CONFIG = new RegExp(
  String.raw`(?:^|\/)(?:${alternation(APPLICATION_SETTINGS_FILES, CREDENTIALS_FILES)})$`,
  'u',
);
/** Patterns that pick out a connection (its URL, host, user) or a whole environment's block of settings. */
const CONNECTION_FIELDS = caseless(
  /url|uri|dsn|conn|host|user|database|production|prod\b|staging|DB_|adapter/iu,
);
/** The grep family: programs that print the lines of a file matching a pattern. */
const GREPS = ['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'zgrep'];
const LINE_PICKERS = new Set([...GREPS, 'awk', 'gawk', 'yq', 'jq', 'sed']);

/**
 * `grep -A4 production config/database.yml`: picking the connection out of an application's
 * settings prints the password beside it; other lines of such a file go to a human.
 */
function judgeConfigExtraction(
  facts: Parameters<ShellJudge>[0],
  judge: Parameters<ShellJudge>[2],
): void {
  const cmd = facts.cmd;
  // `cat config/database.yml | grep url`: the picker reads what the file holds through the pipe.
  const piped =
    facts.reads.length === 0 &&
    cmd.stdinFrom !== undefined &&
    cmd.stdinFrom.args.some((a) => CONNECTION_CONFIG.test(a.text));
  if (
    !LINE_PICKERS.has(cmd.name) ||
    (!piped && !facts.reads.some((r) => CONNECTION_CONFIG.test(r.path.absolute)))
  )
    return;
  const withContext = cmd.args.some((a) =>
    /^-(?:[ABC]\d*|\w*[ABC]\d+)$|^--(?:context|after-context|before-context)/u.test(a.text),
  );
  const patterns = cmd.args.filter(
    (a) => !a.text.startsWith('-') && !CONNECTION_CONFIG.test(a.text),
  );
  if (withContext || patterns.some((a) => CONNECTION_FIELDS.test(a.text)))
    judge.findings.add(SHELL_SECRET_RULES.configReveal, facts.argsText);
  else if (!looksUpPlainSetting(cmd))
    judge.findings.add(SHELL_SECRET_RULES.configExtract, facts.argsText);
}

/** Clients whose argument is a connection string (database URL) they connect with and never print. */
const CONNECTING_CLIENTS = new Set([
  'psql',
  'pg_dump',
  'pg_restore',
  'pg_dumpall',
  'pg_isready',
  'mysql',
  'mariadb',
  'mysqldump',
  'mongosh',
  'mongo',
  'mongodump',
  'mongorestore',
  'redis-cli',
  'clickhouse-client',
  'cqlsh',
  'sqlcmd',
  'dbmate',
  'migrate',
  'goose',
  'atlas',
  'sqlx',
  'flyway',
  'liquibase',
]);
const CRACKING_TOOLS = new Set([
  'mimikatz',
  'lazagne',
  'unshadow',
  'pypykatz',
  'secretsdump.py',
  'gsecdump',
  'procdump',
  'credential-dumper',
]);

/** Search terms for secrets: their names, a private key's header, and files that hold them. */
const SECRET_SEARCH_TERMS = [
  'passw',
  'secret',
  /api[_-]?key/u,
  'apikey',
  'token',
  /private[_ -]?key/u,
  /BEGIN .*PRIVATE/u,
  'aws_access',
  'credential',
  /auth[_-]?key/u,
  /\.pem\b/u,
  /\.key\b/u,
  'id_rsa',
  'id_ed25519',
  /\.env\b/u,
  '.netrc',
  '.pgpass',
];
const SECRET_PATTERN_WORDS = caseless(new RegExp(alternation(SECRET_SEARCH_TERMS), 'iu'));
const SEARCHERS = new Set([...GREPS, 'git', 'find', 'fd', 'locate', 'trufflehog', 'gitleaks']);

function searchesForSecrets(cmd: SimpleCommand): boolean {
  if (!SEARCHERS.has(cmd.name)) return false;
  if (cmd.name === 'git' && cmd.args[0]?.text !== 'grep' && cmd.args[0]?.text !== 'log')
    return false;
  if (cmd.name === 'trufflehog' || cmd.name === 'gitleaks') return true;
  if (printsNoMatches(cmd)) return false;
  return cmd.args.some((a) => SECRET_PATTERN_WORDS.test(a.text));
}

/**
 * `grep -c 'Failed password' auth.log` counts lines and `grep -q` only answers yes or no: no
 * matched text is printed, so nothing a search for passwords would find is shown. A list of the
 * files that match (`-l`) still maps where secrets are, and is not this.
 */
function printsNoMatches(cmd: SimpleCommand): boolean {
  if (cmd.name !== 'grep' && cmd.name !== 'egrep' && cmd.name !== 'fgrep' && cmd.name !== 'rg')
    return false;
  return cmd.args.some(
    (a) =>
      a.text === '--count' ||
      a.text === '--quiet' ||
      a.text === '--silent' ||
      /^-[a-zA-Z]*[cq][a-zA-Z]*$/u.test(a.text),
  );
}

const JQ_VALUES = options('--arg --argjson --slurpfile --rawfile --indent -f --from-file');
/** A jq filter that keeps names, counts or a secret's metadata, and drops every value. */
const VALUE_FREE_FILTER =
  /^\s*(?:\.[\w.]*\s*\|\s*)?(?:keys(?:_unsorted)?(?:\[\])?|length|\.(?:data\.)?(?:ttl|expire_time|creation_ttl|policies|display_name|lease_duration|renewable))\s*$/u;

/**
 * A credential tool's answer that never reaches the output: substituted into what a database
 * client or a migration tool connects with (`DATABASE_URL="$(vault kv get -field=url …)" npx
 * prisma migrate deploy`), or cut down to names, a count or a lifetime (`| jq keys`, `| wc -l`).
 */
function usedNotShown(cmd: SimpleCommand): boolean {
  const consumer = cmd.consumer;
  if (consumer !== undefined)
    return CONNECTING_CLIENTS.has(consumer.name) || runsMigration(consumer);
  const next = cmd.stdoutTo;
  if (next?.name === 'wc') return true;
  if (next?.name !== 'jq') return false;
  const filter = operands(next.args, JQ_VALUES)[0]?.text;
  return filter !== undefined && VALUE_FREE_FILTER.test(filter);
}

export const judgeShellSecrets: ShellJudge = (facts, _line, judge) => {
  const cmd = facts.cmd;
  const findings = judge.findings;
  // A connection string handed to the client it is for is the secret used as intended, not read:
  // as an argument, or through the environment of a client or a migration tool.
  const connects = CONNECTING_CLIENTS.has(cmd.name) || runsMigration(cmd);
  const consumed = connects
    ? new Set([...cmd.args.flatMap((a) => a.vars), ...connectionVariables(cmd)])
    : undefined;
  const signsIn = credentialsSentAsAuth(facts);
  for (const name of facts.secretVariables) {
    if (consumed?.has(name) === true) continue;
    const use = signsIn.get(name);
    if (use === 'unnamed-service')
      findings.add(CREDENTIAL_HEADER_RULES.credentialToHost, `$${name}`);
    else if (use !== 'own-service') findings.add(SHELL_SECRET_RULES.secretVariable, `$${name}`);
  }
  if (
    (cmd.name === 'printenv' || cmd.name === 'env') &&
    cmd.args.some((a) => isSecretVariable(a.text))
  ) {
    findings.add(SHELL_SECRET_RULES.secretVariable, joinTexts(cmd.args));
  }
  // Into a file, the whole environment sits where others (or a web server) can read it later.
  if (dumpsEnvironment(cmd))
    findings.add(
      facts.writes.length > 0
        ? SHELL_SECRET_RULES.environmentStaged
        : SHELL_SECRET_RULES.environmentDump,
      cmd.name,
    );
  const line = facts.argsText;
  // `pass git …` runs git on the password store: a push sends every password along.
  if (cmd.name === 'pass' && cmd.args[0]?.text === 'git' && cmd.args[1]?.text === 'push')
    findings.add(SHELL_SECRET_RULES.credentialTool, `pass ${line}`);
  const credential = CREDENTIAL_COMMANDS.get(cmd.name);
  if (
    credential !== undefined &&
    !usedNotShown(cmd) &&
    (credential.test(line) ||
      // Options given with their value before the subcommand (`terraform -chdir=infra state pull`).
      credential.test(line.replace(/^(?:-\S*=\S*\s+)+/u, '')))
  )
    findings.add(SHELL_SECRET_RULES.credentialTool, `${cmd.name} ${line}`);
  if (CRACKING_TOOLS.has(cmd.name)) findings.add(SHELL_SECRET_RULES.credentialTool, cmd.name);
  judgeDatabaseSecretColumns(cmd, judge);
  if (!searchesForSecrets(cmd)) judgeConfigExtraction(facts, judge);
  if (searchesForSecrets(cmd)) {
    const targets = [...facts.reads, ...facts.probes];
    const outside =
      targets.some((t) => !t.path.inWorkspace) || (targets.length === 0 && cmd.name === 'locate');
    if (outside) findings.add(SHELL_SECRET_RULES.credentialHunt, line);
    // Matching secret names in a config file prints the values next to them: that is reading them out.
    else if (
      targets.some(
        (t) => CONFIG_WITH_SECRETS.test(t.path.absolute) && !isConfigTemplate(t.path.absolute),
      ) ||
      (targets.length === 0 && cmd.stdinFrom !== undefined && readsConfig(cmd.stdinFrom))
    )
      findings.add(SHELL_SECRET_RULES.configReveal, line);
    // Reviewing how source code handles passwords reads code, not secrets.
    else if (
      !targets.every(
        (t) =>
          SOURCE_TREE.test(t.path.absolute.slice(facts.cmd.cwd.length)) ||
          isConfigTemplate(t.path.absolute),
      ) &&
      !cmd.args.some((a) =>
        /^--include=\*\.(?:[jt]sx?|py|go|rs|rb|java|kt|cs|php|swift|c|h|cpp)$/u.test(a.text),
      )
    ) {
      findings.add(SHELL_SECRET_RULES.credentialSearch, line);
    }
  }
};
