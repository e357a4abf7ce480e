import { alternation } from '../text/word-list.js';

/**
 * Programs the heuristics understand. A command outside this list (and outside the file and
 * network profiles) is unknown: it may do anything, so it is never passed on heuristics alone.
 */
export const KNOWN_COMMANDS: ReadonlySet<string> = new Set(
  `
  echo printf pwd true false : date cal whoami id groups uname hostname hostnamectl uptime free nproc arch sleep seq yes
  printenv env which whereis type command hash expr bc dc let clear reset tput ps pgrep pidof top htop atop btop df lsblk
  lscpu lsusb lspci lsmod lsof netstat ss ip ifconfig route arp history jobs wait exit return export set unset alias unalias
  read local declare typeset readonly shift getopts trap kill killall pkill killall5 journalctl systemctl service launchctl
  rc-service update-rc.d chkconfig crontab at batch atq atrm w who last lastlog dmesg locale tty stty man help info apropos
  whatis tldr times umask ulimit popd dirs eval exec sudo su doas pkexec runuser git make cmake ninja meson npm npx pnpx yarn
  pnpm bun bunx deno node nodejs python pip pipx uv uvx poetry pdm conda mamba ruby gem bundle bundler perl cpan cpanm php
  composer lua luarocks go gofmt goimports golangci-lint staticcheck cargo rustc rustup rustfmt gcc g++ cc c++ clang clang++ ld
  javac java mvn gradle dotnet swift swiftc kotlinc scala sbt tsc tsx ts-node eslint prettier biome vitest jest mocha ava
  pytest tox nox ruff black isort mypy pyright flake8 pylint bandit coverage shellcheck shfmt hadolint yamllint markdownlint
  docker podman nerdctl docker-compose kubectl helm minikube kind terraform tofu pulumi ansible ansible-playbook vagrant aws
  gcloud az gh glab hub psql mysql mariadb sqlite3 duckdb mongo mongosh redis-cli sqlcmd clickhouse-client cqlsh pg_dump mysqldump mariadb-dump mongodump patch diffstat
  gsutil rclone apt apt-get apt-cache snowsql dbt sops
  xargs watch tee column nl fold fmt rev tr sort uniq wc head tail cut paste jq yq awk gawk mawk nawk sed grep egrep fgrep rg ag
  ack find fd tree ls du stat file realpath readlink basename dirname mkdir rmdir touch cp mv rm ln chmod chown chgrp chattr
  setfacl tar zip unzip gzip gunzip zcat bzip2 bunzip2 xz unxz zstd base64 base32 xxd od hexdump strings md5sum sha1sum
  sha256sum sha512sum cksum openssl ssh-keygen ssh-add gpg gpg2 security secret-tool mount umount useradd usermod userdel
  groupadd gpasswd passwd chpasswd visudo chsh setcap setenforce getenforce sestatus ufw iptables ip6tables nft firewall-cmd
  auditctl aa-status aa-disable aa-complain apparmor_parser csrutil spctl sysctl insmod rmmod modprobe shutdown reboot halt
  poweroff init mkfs fdisk parted wipefs dd shred truncate install sync nice nohup timeout time stdbuf setsid source . cd
  pushd test [ [[ curl wget ssh scp sftp rsync nc ncat netcat socat telnet ftp dig nslookup host ping traceroute tracepath mtr
  whois mail mailx sendmail mutt getent locate updatedb screen tmux disown ssh-copy-id code vim vi nvim nano emacs less more
  cat tac diff cmp comm iconv split envsubst open xdg-open notify-send say osascript pbcopy pbpaste xclip wl-copy
  timedatectl localectl loginctl hostnamectl busctl lsattr vmstat iostat mpstat sar pidstat nstat uname lsb_release
  tcpdump tshark dumpcap ngrep termshark scrot grim maim gnome-screenshot spectacle xwd screencapture import
  pandoc aspell hunspell convert magick identify mogrify ffprobe exiftool pdftotext pdfinfo qpdf gs wkhtmltopdf ffmpeg jupyter
  `
    .split(/\s+/u)
    .filter(Boolean),
);

/** Test, build, lint and format tools: routine verification confined to the workspace. */
export const DEV_TOOLS: ReadonlySet<string> = new Set(
  `tsc tsx eslint prettier biome vitest jest mocha ava pytest tox nox ruff black isort mypy pyright flake8 pylint bandit coverage
  shellcheck shfmt hadolint yamllint markdownlint gofmt goimports golangci-lint staticcheck rustfmt gcc g++ cc c++ clang clang++
  javac cmake ninja meson swiftc kotlinc prisma vite next nuxt astro svelte-kit drizzle-kit knex playwright turbo nx lerna changeset
  tsup esbuild rollup webpack parcel storybook marked codespell cspell typos vale proselint textlint alex write-good`
    .split(/\s+/u)
    .filter(Boolean),
);

/** Target and script names that build, test, lint or format (make, npm run, cargo, go …). */
const ROUTINE_TARGET_NAMES = [
  'all',
  'build',
  'compile',
  'test',
  'tests',
  'check',
  'lint',
  'fmt',
  'format',
  'vet',
  'typecheck',
  'type-check',
  'types',
  'dist',
  /docs?/u,
  'generate',
  'gen',
  'bench',
  'benchmark',
  'coverage',
  'ci',
  'verify',
  'validate',
  'prettier',
  'eslint',
  'tsc',
];
/** Also with a suffix: `test:unit`, `build-docs`, `lint.fix`. */
export const ROUTINE_TARGET = new RegExp(
  String.raw`^(?:${alternation(ROUTINE_TARGET_NAMES)})(?:[-:_.][\w:.-]*)?$`,
  'iu',
);
