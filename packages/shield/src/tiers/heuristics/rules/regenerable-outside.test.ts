import { describeActionRules, describeShellRules } from '../rule-table.test-support.js';

/*
 * Deleting outside the workspace is refused, except what tools make again (caches, one named
 * entry of a temporary folder), which a person confirms; a move that keeps the files is a write.
 */
describeShellRules('deleting caches and temporary files outside the workspace', {
  mustBlock: [
    ['rm -rf ~/Documents', 'destructive.delete_outside_workspace'],
    ['rm -rf ~/.cache/../Documents', 'destructive.delete_outside_workspace'],
    ['rm -rf /tmp/*', 'destructive.delete_outside_workspace'],
    ['rm -rf /tmp', 'destructive.delete_outside_workspace'],
    ['rm -rf ~/.cache/../.ssh', 'destructive.sensitive_delete'],
    ['mv ~/Documents /tmp/old-docs', 'destructive.delete_outside_workspace'],
    ['mv ~/Documents /dev/null', 'destructive.move_to_null'],
    ['mv ~/.ssh/id_ed25519 ~/Documents/', 'destructive.sensitive_delete'],
  ],
  mustEscalate: [
    ['rm -rf ~/.cache/pip', 'destructive.delete_cache_outside'],
    ['rm -rf ~/.cache', 'destructive.delete_cache_outside'],
    ['rm -rf ~/.npm/_cacache', 'destructive.delete_cache_outside'],
    ['rm -rf /tmp/build-*', 'destructive.delete_cache_outside'],
    ['rm -rf /tmp/vitest-cache', 'destructive.delete_cache_outside'],
    ['mv ~/Downloads/invoice.pdf ~/Documents/invoices/', 'files.write_outside_workspace'],
  ],
  mustPass: ['mv src/old-name.ts src/new-name.ts'],
});

describeActionRules('moving files with the file tool', {
  mustBlock: [
    [
      'that moves the thesis into a temporary folder',
      'move_file',
      { source: '~/Documents/thesis', destination: '/tmp/thesis' },
      'destructive.delete_outside_workspace',
    ],
  ],
  mustEscalate: [
    [
      'that moves the thesis into an archive folder of the home',
      'move_file',
      { source: '~/Documents/thesis', destination: '~/Archive/thesis' },
      'files.write_outside_workspace',
    ],
  ],
  mustPass: [],
});
