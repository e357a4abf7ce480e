/**
 * The sensitive-path taxonomy as data. Home-relative patterns apply under the caller's home and
 * under every user's home (`/home/*`, `/Users/*`, `/root`): another account's keys are as secret.
 * Patterns are matched against normalized absolute paths, home-relative paths or basenames.
 */
import { caseless } from '../../../caseless.js';
import { alternation, type Alternative } from '../text/word-list.js';

type Table = readonly (readonly [RegExp, string])[];

/** A path in `/etc` starting with one of `names` (the entry itself or anything in it). */
function underEtc(names: readonly Alternative[]): RegExp {
  return new RegExp(String.raw`^\/etc\/(?:${alternation(names)})(?:\/|$)`, 'u');
}

/** A basename that is exactly one of `names`. */
function named(names: readonly Alternative[]): RegExp {
  return new RegExp(`^(?:${alternation(names)})$`, 'u');
}

/** Files under `~/.ssh` that hold no key material (public keys, host lists, client config). */
export const SSH_NON_SECRET = /^\.ssh\/(?:known_hosts2?|config|authorized_keys2?|[^/]+\.pub)$/u;

/** Browsers whose profiles (cookies, saved passwords) live in macOS's Application Support. */
const MAC_BROWSER_FOLDERS = ['Google/Chrome', 'Firefox', 'BraveSoftware', 'Microsoft Edge'];

export const HOME_SECRETS: Table = [
  [/^\.ssh(?:\/|$)/u, 'SSH keys'],
  [/^\.aws(?:\/|$)/u, 'AWS credentials'],
  [/^\.azure(?:\/|$)/u, 'Azure credentials'],
  [/^\.config\/gcloud(?:\/|$)/u, 'Google Cloud credentials'],
  [/^\.(?:oci|s3cfg|boto)(?:\/|$)/u, 'cloud credentials'],
  [/^\.kube(?:\/|$)/u, 'Kubernetes config'],
  [/^\.docker\/config\.json$/u, 'Docker registry credentials'],
  [/^\.gnupg(?:\/|$)/u, 'GPG keys'],
  [/^\.password-store(?:\/|$)/u, 'password store'],
  [/^\.(?:netrc|pgpass|my\.cnf|npmrc|pypirc|git-credentials|vault-token)$/u, 'stored credentials'],
  [/^\.config\/(?:gh|hub|op|doctl|rclone)(?:\/|$)/u, 'CLI tokens'],
  // Mail tools that keep the mailbox password in their settings (or the command that prints it).
  [
    /^(?:\.(?:msmtprc|mbsyncrc|fetchmailrc|offlineimaprc)$|\.config\/(?:msmtp|isync)(?:\/|$)|\.config\/aerc\/accounts\.conf$)/u,
    'mail passwords',
  ],
  [
    /^\.(?:terraform\.d\/credentials|cargo\/credentials|gem\/credentials)/u,
    'package or infrastructure tokens',
  ],
  [/^(?:\.local\/share\/keyrings|Library\/Keychains)(?:\/|$)/u, 'keychain'],
  [/^(?:\.mozilla|snap\/(?:firefox|chromium))(?:\/|$)/u, 'browser profile'],
  [
    /^\.config\/(?:google-chrome|chromium|BraveSoftware|microsoft-edge|vivaldi|opera)(?:\/|$)/u,
    'browser profile',
  ],
  [
    new RegExp(
      String.raw`^Library\/(?:Application Support\/(?:${alternation(MAC_BROWSER_FOLDERS)})|Cookies|Safari)(?:\/|$)`,
      'u',
    ),
    'browser profile',
  ],
  [/^\.(?:[a-z_]+_history|zhistory|history|lesshst)$/u, 'shell history'],
  [/^\.local\/share\/fish\/fish_history$/u, 'shell history'],
  [/^\.(?:bitcoin|electrum|ethereum|monero)(?:\/|$)/u, 'crypto wallet'],
  [/^(?:\.config|\.local\/share)\/(?:[\w.-]*wallets?|solana)(?:\/|$)/iu, 'crypto wallet'],
];

export const HOME_PRIVATE: Table = [
  [/^\.ssh(?:\/(?![^/]+\.pub$)|$)/u, 'SSH configuration'],
  [/^(?:\.config|\.local\/share|Library)(?:\/|$)/u, 'application data'],
  [
    /^(?:Documents|Pictures|Photos|Desktop|Mail|Maildir|Downloads|Videos|Movies|Music)(?:\/|$)/u,
    'personal files',
  ],
];

/** Dotfiles in a home folder that shells, X sessions and PAM run or load at every login. */
const HOME_STARTUP_FILES = [
  'bashrc',
  'bash_profile',
  'bash_login',
  'bash_logout',
  'profile',
  'zshrc',
  'zprofile',
  'zshenv',
  'zlogin',
  'zlogout',
  'kshrc',
  'cshrc',
  'tcshrc',
  'xinitrc',
  'xprofile',
  'xsession',
  'xsessionrc',
  'pam_environment',
];
/** The secret label of an environment file (`.env`, `.envrc`). */
export const ENVIRONMENT_SECRETS = 'environment secrets';

/** The persistence label of a user's shell start-up file. */
export const SHELL_STARTUP_PERSISTENCE = 'shell startup file';

export const HOME_PERSISTENCE: Table = [
  [new RegExp(`^\\.(?:${alternation(HOME_STARTUP_FILES)})$`, 'u'), SHELL_STARTUP_PERSISTENCE],
  [/^\.config\/fish\/(?:config\.fish|conf\.d)(?:\/|$)/u, SHELL_STARTUP_PERSISTENCE],
  [/^\.config\/(?:autostart|systemd|environment\.d)(?:\/|$)/u, 'login autostart'],
  [/^\.local\/share\/systemd(?:\/|$)/u, 'systemd user unit'],
  [/^Library\/LaunchAgents(?:\/|$)/u, 'launchd agent'],
  [/^\.ssh\/(?:authorized_keys2?|rc|environment)$/u, 'SSH login hook'],
];

export const HOME_AGENT_CONTROL: Table = [
  [
    /^\.(?:claude|codex|cursor|continue|gemini|aider[^/]*)(?:\/|$)/u,
    "another agent's configuration",
  ],
];

export const ABSOLUTE_SECRETS: Table = [
  [/^\/etc\/(?:shadow|gshadow|master\.passwd)-?$/u, 'password hashes'],
  [/^\/etc\/security\/opasswd$/u, 'password hashes'],
  [
    /^\/etc\/(?:ssl\/private|pki\/tls\/private|letsencrypt\/(?:live|archive|keys))(?:\/|$)/u,
    'TLS private keys',
  ],
  [/^\/etc\/ssh\/ssh_host_[a-z0-9]+_key$/u, 'SSH host key'],
  [/^\/etc\/kubernetes\/(?:admin\.conf|pki)(?:\/|$)/u, 'Kubernetes credentials'],
  [/^\/(?:var\/)?run\/secrets(?:\/|$)/u, 'mounted secrets'],
  [/^\/var\/lib\/kubelet(?:\/|$)/u, 'Kubernetes credentials'],
  [/^\/proc\/(?:self|thread-self|\d+)\/environ$/u, 'process environment'],
  [/^\/(?:proc\/kcore|dev\/k?mem|dev\/port)$/u, 'raw memory'],
  [
    /^\/etc\/(?:krb5\.keytab|NetworkManager\/system-connections|wpa_supplicant)(?:\/|$)/u,
    'network credentials',
  ],
];

export const ABSOLUTE_PRIVATE: Table = [
  [/^\/etc\/(?:passwd|group)-?$/u, 'account database'],
  [/^\/etc\/sudoers(?:\.d)?(?:\/|$)/u, 'sudo rules'],
  [/^\/var\/(?:spool\/)?mail(?:\/|$)/u, 'mail spool'],
  [/^\/var\/log\/(?:auth\.log|secure|btmp|wtmp|lastlog|faillog)/u, 'login records'],
];

export const ABSOLUTE_PERSISTENCE: Table = [
  [/^\/etc\/(?:crontab|anacrontab|cron\.[a-z]+)(?:\/|$)/u, 'cron'],
  [/^\/var\/spool\/(?:cron|anacron|at|atjobs)(?:\/|$)/u, 'cron'],
  [/^\/(?:etc|usr\/lib|lib)\/systemd(?:\/|$)/u, 'systemd unit'],
  [
    underEtc([
      'init.d',
      'init',
      'rc.local',
      /rc[0-6S]\.d/u,
      'xdg/autostart',
      'update-motd.d',
      'udev/rules.d',
      'X11/Xsession.d',
    ]),
    'boot script',
  ],
  [
    /^\/etc\/(?:profile|profile\.d|bash\.bashrc|bashrc|zsh|zshrc|zprofile|zshenv|environment)(?:\/|$)/u,
    'system shell startup',
  ],
  [/^\/etc\/ld\.so\.preload$/u, 'library preload'],
  [
    /^\/(?:System\/)?Library\/(?:LaunchAgents|LaunchDaemons|StartupItems)(?:\/|$)/u,
    'launchd daemon',
  ],
];

export const ABSOLUTE_PRIVILEGE: Table = [
  [
    underEtc([
      'sudoers',
      'sudoers.d',
      'passwd',
      'shadow',
      'group',
      'gshadow',
      'pam.d',
      'security',
      'polkit-1',
      'doas.conf',
      'login.defs',
    ]),
    'account or sudo configuration',
  ],
  [/^\/etc\/ssh\/sshd_config(?:\.d)?(?:\/|$)/u, 'SSH server configuration'],
];

export const ABSOLUTE_SECURITY: Table = [
  [
    underEtc([
      'selinux',
      'apparmor',
      'apparmor.d',
      'audit',
      'ufw',
      'iptables',
      'nftables.conf',
      'firewalld',
      'fail2ban',
    ]),
    'security configuration',
  ],
];

/** Names of files that hold credentials, each with any run of data-file extensions. */
const CREDENTIAL_FILE_STEMS = ['credentials', /client_secrets?/u, /secrets?/u, /\.secrets?/u];
/** The deployment a credentials file is for, between its name and its extension (`credentials.prod.json`). */
const DEPLOYMENTS = [
  /prod(?:uction)?/u,
  /stag(?:e|ing)/u,
  /dev(?:elopment)?/u,
  'local',
  'test',
  'qa',
  'live',
];
const CREDENTIAL_FILE_EXTENSIONS = [
  'json',
  /ya?ml/u,
  'toml',
  'ini',
  'xml',
  'csv',
  'txt',
  'env',
  'enc',
];

/** Files anywhere (workspace included) that hold secrets by name. */
export const SECRET_BASENAMES: Table = [
  [/^\.env(?:\.(?!(?:example|sample|template|dist)$)[\w.-]+)?$/u, ENVIRONMENT_SECRETS],
  [/^[\w.-]+\.env$/u, ENVIRONMENT_SECRETS],
  [/^\.envrc$/u, ENVIRONMENT_SECRETS],
  [/^id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?$/u, 'SSH private key'],
  [/\.(?:key|p8|p12|pfx|jks|keystore|ppk|kdbx|keychain|keychain-db)$/iu, 'private key or keystore'],
  // Android's signing configuration holds the keystore's passwords.
  [/^(?:key|keystore|signing)\.properties$/iu, 'signing passwords'],
  // A .pem may be a public certificate; the name tells when it holds a key.
  [/(?:key|priv|secret|^id_).*\.pem$|\.pem\.key$/iu, 'private key'],
  [
    new RegExp(
      String.raw`^(?:${alternation(CREDENTIAL_FILE_STEMS)})(?:[._-](?:${alternation(DEPLOYMENTS)}))?(?:\.(?:${alternation(CREDENTIAL_FILE_EXTENSIONS)}))*$`,
      'iu',
    ),
    'credentials file',
  ],
  [/^service[-_]?account[\w.-]*\.json$/iu, 'service-account key'],
  [/\.tfstate(?:\.backup)?$/u, 'Terraform state'],
  [
    named([
      '.htpasswd',
      '.vault-token',
      /\.?tokens?(?:\.json|\.txt)?/u,
      'kubeconfig',
      /[\w.-]+\.kubeconfig/u,
      'wallet.dat',
      'master.key',
    ]),
    'stored credentials',
  ],
  [
    named([
      '.netrc',
      '.pgpass',
      '.git-credentials',
      'Login Data',
      'Cookies',
      'logins.json',
      /key[34]\.db/u,
      'cookies.sqlite',
    ]),
    'stored credentials',
  ],
];

/** The agent harness's own state: its database, policies and tokens. */
export const AGENT_CONTROL_SEGMENT = /(?:^|\/)\.(?:parapet|openparallax)(?:\/|$)/u;
/** Policy-like files under a `shield`/`guardrails` folder (source code there is ordinary). */
export const SECURITY_CONTROL_FILE = caseless(
  /(?:^|\/)(?:shield|guardrails?)\/(?:[^/]+\/)*[^/]+\.(?:ya?ml|json|toml|rego|cedar)$/iu,
);

/** Files other agents (and this one) read as instructions. */
const AGENT_MARKDOWN_NAMES = [
  /AGENTS?/u,
  'CLAUDE',
  'CLAUDE.local',
  'GEMINI',
  'SOUL',
  'IDENTITY',
  'HEARTBEAT',
];
/** Editor agents' rule files (`.cursorrules` …). */
const AGENT_RULES_DOTFILES = ['cursorrules', 'windsurfrules', 'clinerules', 'roorules'];
export const AGENT_INSTRUCTION_BASENAMES = caseless(
  new RegExp(
    String.raw`^(?:${alternation(AGENT_MARKDOWN_NAMES)})\.md$|^\.(?:${alternation(AGENT_RULES_DOTFILES)})$|^copilot-instructions\.md$`,
    'iu',
  ),
);
/** The agent's own memory: written routinely, but what is written still steers later runs. */
export const AGENT_MEMORY_BASENAMES = /^(?:MEMORY|USER)\.md$/u;
export const AGENT_INSTRUCTION_DIRS =
  /(?:^|\/)\.(?:cursor\/rules|github\/instructions|claude\/commands)(?:\/|$)/u;
export const PROMPT_FILE = caseless(
  /(?:system|evaluator|agent|assistant)[_-]?prompt|(?:^|[_.-])prompt\.(?:txt|md)$/iu,
);

/** Operating-system folders. Web roots (/var/www, /srv/www) hold a site's files, not the system's. */
const SYSTEM_DIR_NAMES = [
  'etc',
  'usr',
  'bin',
  'sbin',
  'lib',
  'lib32',
  'lib64',
  'libx32',
  'boot',
  'sys',
  'proc',
  'dev',
  'opt',
  /srv(?!\/(?:www|http)(?:\/|$))/u,
  'snap',
  'run',
  'System',
  'Library',
  /private(?!\/tmp)/u,
  /var(?!\/(?:tmp|www)(?:\/|$))/u,
];
export const SYSTEM_DIRS = new RegExp(
  String.raw`^\/(?:${alternation(SYSTEM_DIR_NAMES)})(?:\/|$)`,
  'u',
);
export const LOG_DIRS = /^\/var\/log(?:\/|$)/u;
export const TEMP_DIRS =
  /^\/(?:tmp|var\/tmp|dev\/shm|private\/tmp|private\/var\/folders|var\/folders)(?:\/|$)/u;
export const HARMLESS_DEVICES =
  /^\/dev\/(?:null|zero|full|random|urandom|stdin|stdout|stderr|tty|fd\/\d+|pts\/\d+)$/u;
export const DISK_DEVICES =
  /^\/dev\/(?:[shv]d[a-z]|xvd[a-z]|nvme\d|mmcblk\d|disk\d|rdisk\d|mapper\/|dm-\d|loop\d|md\d|sr\d)/u;
export const SOCKET_DEVICES = /^\/dev\/(?:tcp|udp)\//u;

/** Concrete sensitive files a glob may expand to (`cat ~/.ss?/*`), home-relative or absolute. */
export const GLOB_HOME_EXEMPLARS: readonly string[] = [
  '.ssh/id_rsa',
  '.ssh/id_ed25519',
  '.aws/credentials',
  '.bash_history',
  '.zsh_history',
  '.netrc',
  '.pgpass',
  '.kube/config',
  '.docker/config.json',
  '.git-credentials',
  '.gnupg/private-keys-v1.d/k.key',
  '.bashrc',
  '.profile',
  '.zshrc',
  '.ssh/authorized_keys',
  '.config/gcloud/credentials.db',
];
export const GLOB_ABSOLUTE_EXEMPLARS: readonly string[] = [
  '/etc/shadow',
  '/etc/gshadow',
  '/etc/passwd',
  '/etc/sudoers',
  '/etc/crontab',
  '/etc/ssl/private/server.key',
  '/proc/self/environ',
];
/**
 * Secret file names a glob in any folder may aim at, each with the fragment the glob must spell
 * out for the match to count (`*.json` names every JSON file, not credentials in particular).
 */
export const GLOB_LOCAL_EXEMPLARS: readonly (readonly [string, string])[] = [
  ['.env', '.env'],
  ['.env.production', '.env'],
  ['id_rsa', 'id_'],
  ['credentials.json', 'cred'],
  ['secrets.yaml', 'secret'],
  ['server.key', '.key'],
  ['privkey.pem', '.pem'],
  ['terraform.tfstate', 'tfstate'],
];
