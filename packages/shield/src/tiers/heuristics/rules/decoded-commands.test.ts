import { describeShellRules } from '../rule-table.test-support.js';

describeShellRules('exec.hidden_code: inline code that decodes a command and starts it', {
  mustBlock: [
    [
      "python3 -c \"import os,codecs; os.system(codecs.decode('ez -es ~/.ffu', 'rot13'))\"",
      'exec.hidden_code',
    ],
    [
      'python3 -c "import os,base64; os.system(base64.b64decode(\'cm0gLXJmIH4=\').decode())"',
      'exec.hidden_code',
    ],
    [
      'python3 -c "import subprocess,base64; subprocess.run(base64.b64decode(\'cm0gLXJmIH4=\'), shell=True)"',
      'exec.hidden_code',
    ],
    [
      'python3 -c "import base64,os; c=base64.b64decode(\'cm0gLXJmIH4=\').decode(); os.system(c)"',
      'exec.hidden_code',
    ],
    [
      "node -e \"require('child_process').execSync(Buffer.from('cm0gLXJmIH4=','base64').toString())\"",
      'exec.hidden_code',
    ],
    ['ruby -e \'system("cm0gLXJmIH4=".unpack1("m"))\'', 'exec.hidden_code'],
    ['php -r \'shell_exec(base64_decode("cm0gLXJmIH4="));\'', 'exec.hidden_code'],
  ],
  mustEscalate: [
    // Starting a program is still worth a look, but the command is written out for the reader.
    ['python3 -c "import os; os.system(\'ls -la\')"', 'exec.inline_code'],
    [
      "python3 -c \"import subprocess; print(subprocess.check_output(['git','rev-parse','HEAD']).decode())\"",
      'exec.inline_code',
    ],
  ],
  mustPass: [
    'python3 -c "import base64; print(base64.b64decode(\'aGVsbG8=\').decode())"',
    "node -e \"console.log(Buffer.from('aGVsbG8=','base64').toString())\"",
  ],
});
