import { describeActionRules } from '../rule-table.test-support.js';

describeActionRules('a schedule whose command installs persistence of its own', {
  mustBlock: [
    [
      'a boot-time schedule that re-enables a service',
      'create_schedule',
      { schedule: '@reboot', command: 'systemctl enable --now helper-agent.service' },
      'persistence.rearmed_by_schedule',
    ],
    [
      'an hourly schedule that queues another job with at',
      'create_schedule',
      { cron: '0 * * * *', command: 'echo "/tmp/.u/run" | at now + 5 minutes' },
      'persistence.rearmed_by_schedule',
    ],
  ],
  mustEscalate: [
    [
      'a nightly restart of a service (nothing made to start by itself)',
      'create_schedule',
      { cron: '0 3 * * *', command: 'systemctl restart nginx' },
      'persistence.schedule',
    ],
    [
      'a nightly pull of the repository',
      'create_schedule',
      { cron: '0 2 * * *', command: 'git pull --ff-only' },
      'persistence.schedule',
    ],
  ],
  mustPass: [],
});
