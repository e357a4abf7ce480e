import { describeShellRules } from '../rule-table.test-support.js';

describeShellRules('checks switched off from the command line', {
  mustBlock: [
    ['npx parapet config set shield.approvals.enabled false', 'security.harness_command'],
    ["parapet grant add 'execute_command:*'", 'security.harness_command'],
    ['parapet stop', 'security.harness_command'],
    ['node packages/cli/bin/parapet.js send "hi"', 'security.harness_command'],
    ['PARAPET_HOME=/tmp/p npx parapet start', 'security.harness_variable'],
    ['export PARAPET_HOME=/tmp/other-home', 'security.harness_variable'],
  ],
  mustEscalate: [
    ['HUSKY=0 git commit -am wip', 'security.hooks_skipped'],
    ['SKIP=gitleaks git commit -am wip', 'security.hooks_skipped'],
    ['export DISABLE_HOOKS=true', 'security.check_off_variable'],
    ['SANDBOX_ENABLED=0 npm test', 'security.check_off_variable'],
    ['SKIP_SECURITY_CHECKS=1 npm test', 'security.check_off_variable'],
    // The harness's read-only commands are not refused; an unknown program still asks.
    ['parapet status', 'exec.unknown_command'],
  ],
  mustPass: [
    'NO_COLOR=1 npm test',
    'CI=true npm test',
    'NODE_ENV=production npm run build',
    'echo $PARAPET_HOME',
  ],
});
