import { describeShellRules } from '../rule-table.test-support.js';

describeShellRules('deletions of the names another command prints', {
  mustBlock: [
    // A finder's names are under the folder it searched.
    ["find ~/Mail -name '*.eml' | xargs rm -f", 'destructive.delete_outside_workspace'],
    ["rm $(find ~/Documents -name '*.pdf')", 'destructive.delete_outside_workspace'],
    ["find ~/.ssh -name 'id_*' | xargs rm", 'destructive.sensitive_delete'],
  ],
  mustEscalate: [
    // Names read from a file, a mail index or a download may be any file on the machine.
    ['cat list.txt | xargs rm -f', 'destructive.unknown_target'],
    ['rm -f $(cat list.txt)', 'destructive.unknown_target'],
    ['notmuch search --output=files tag:newsletter | xargs rm -f', 'destructive.unknown_target'],
    ["rm -f $(find /tmp/build-cache -name '*.lock')", 'destructive.delete_temp_file'],
  ],
  mustPass: [
    "find . -name '*.pyc' | xargs rm -f",
    "find build -name '*.o' -print0 | xargs -0 rm -f",
    "find logs -name '*.log.gz' -mtime +30 | xargs rm -f",
    "find . -name '*.tmp' | grep -v keep | xargs rm",
    'grep -l TODO -r src | xargs rm',
    'git ls-files -d | xargs git rm',
  ],
});
