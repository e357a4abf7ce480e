import { describe, expect, it } from 'vitest';
import { loadPolicy } from './load.js';

/** The default policy asks about commands that install scheduled tasks, never about listing them. */
describe('escalate.persistence.commands in the built-in default policy', () => {
  const where = { home: '/home/alice', workspace: '/home/alice/project' };
  const policy = loadPolicy('default', { home: where.home });
  const ruleFor = (command: string) => {
    const outcome = policy.evaluate({ type: 'execute_command', payload: { command } }, where);
    return outcome.kind === 'escalate' || outcome.kind === 'deny' ? outcome.rule.id : outcome.kind;
  };

  it.each([
    'crontab jobs.txt',
    'crontab -e',
    'crontab -r',
    '(crontab -l; echo "0 * * * * x") | crontab -',
  ])('asks a human before %s', (command) => {
    expect(ruleFor(command)).toBe('escalate.persistence.commands');
  });

  it('leaves crontab -l, which only lists, to tier 1', () => {
    expect(ruleFor('crontab -l')).not.toBe('escalate.persistence.commands');
  });
});
