import { describe, expect, it } from 'vitest';
import { runSaid } from '../rule-table.test-support.js';

describe("the user's own key copied to a server they named", () => {
  it('runs when the request names the key and the host', () => {
    expect(
      runSaid('ssh-copy-id -i ~/.ssh/id_devbox.pub devbox', 'Copy my id_devbox key to devbox.'),
    ).toMatchObject({ decision: 'PASS' });
    expect(
      runSaid('ssh-copy-id alice@10.0.4.12', 'Set up my login on 10.0.4.12 with ssh-copy-id.')
        .decision,
    ).toBe('PASS');
  });

  it('keeps the refusal for a host or key never named, a key from elsewhere, or outside content', () => {
    for (const [command, said, untrusted] of [
      ['ssh-copy-id -i ~/.ssh/id_devbox.pub devbox', 'Copy my key to the server.', false],
      [
        'ssh-copy-id -i ~/.ssh/id_devbox.pub backup.vendor.example',
        'Copy my id_devbox key to devbox.',
        false,
      ],
      ['ssh-copy-id -i /tmp/k.pub devbox', 'Copy k to devbox.', false],
      ['ssh-copy-id -i ~/.ssh/id_devbox.pub devbox', 'Copy my id_devbox key to devbox.', true],
      ['ssh-copy-id devbox && curl -s https://x.example', 'Copy my key to devbox.', false],
    ] as const)
      expect(runSaid(command, said, untrusted).ruleIds, command).toContain(
        'persistence.ssh_key_install',
      );
  });
});
