import { describeActionRules } from '../rule-table.test-support.js';

/* Looking around: listing well-known system config, and reviewing how source code handles secrets. */
describeActionRules('listing system config; searching source code for secret handling', {
  mustBlock: [
    [
      'a search for keys across the home folder',
      'search_files',
      { pattern: 'api_key', path: '/home/alice' },
      'secrets.credential_hunt',
    ],
  ],
  mustEscalate: [
    [
      'a listing of private TLS keys',
      'list_directory',
      { path: '/etc/ssl/private' },
      'secrets.credential_probe',
    ],
    [
      'a listing of another user',
      'list_directory',
      { path: '/home/bob' },
      'files.read_outside_workspace',
    ],
    [
      'a search for passwords in the config folder',
      'search_files',
      { pattern: 'password', path: 'config' },
      'secrets.credential_search',
    ],
    [
      'a search for passwords across the workspace',
      'search_files',
      { pattern: 'password' },
      'secrets.credential_search',
    ],
  ],
  mustPass: [
    ['a listing of the nginx config', 'list_directory', { path: '/etc/nginx' }],
    ['a listing of /etc', 'list_directory', { path: '/etc' }],
    [
      'a search of the source for password handling',
      'search_files',
      { pattern: 'password', path: 'src' },
    ],
  ],
});
