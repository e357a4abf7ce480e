import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

const where = { home: '/home/alice', workspace: '/home/alice/project' };
const run = (command: string, said: string, untrustedContent = false) =>
  evaluateHeuristics(
    { type: 'execute_command', payload: { command } },
    { ...where, userRequest: { text: said, untrustedContent } },
  );

describe('an infrastructure change the user described word for word', () => {
  it('runs when the verb, the names and the values are all the user’s', () => {
    expect(
      run(
        'kubectl scale deployment/worker --replicas=3 -n staging',
        'Scale the staging worker to 3 replicas, the queue is backing up.',
      ),
    ).toMatchObject({ decision: 'PASS', ruleIds: [] });
  });

  it('runs when the user typed the command itself', () => {
    const command = 'kubectl scale deployment/worker --replicas=3 -n staging';
    expect(run(command, `run ${command}`)).toMatchObject({ decision: 'PASS', ruleIds: [] });
  });

  it.each([
    ['a value the user did not give', 'kubectl scale deployment/worker --replicas=30 -n staging'],
    [
      'a namespace the user did not name',
      'kubectl scale deployment/worker --replicas=3 -n production',
    ],
    ['an option that widens it', 'kubectl scale deployment --all --replicas=3 -n staging'],
    [
      'a chain of commands',
      'kubectl scale deployment/worker --replicas=3 -n staging && kubectl get pods',
    ],
    ['a deletion, however named', 'kubectl delete deployment/worker -n staging'],
  ])('still asks for %s', (_what, command) => {
    const judged = run(command, 'Scale the staging worker to 3 replicas, or delete it if stuck.');
    expect(judged.decision).not.toBe('PASS');
  });

  it('settles nothing when the conversation carried outside content', () => {
    expect(
      run(
        'kubectl scale deployment/worker --replicas=3 -n staging',
        'Scale the staging worker to 3 replicas, the queue is backing up.',
        true,
      ),
    ).toMatchObject({ decision: 'ESCALATE', ruleIds: ['exec.infrastructure_change'] });
  });

  it('settles only the infrastructure question: an opening to everyone stays refused', () => {
    expect(
      run(
        'gcloud compute firewall-rules create allow-db --allow tcp:5432 --source-ranges 0.0.0.0/0',
        'With gcloud compute firewall-rules create allow-db, allow tcp:5432 from source ranges 0.0.0.0/0.',
      ),
    ).toMatchObject({ decision: 'BLOCK', ruleIds: ['exposure.public_not_asked'] });
  });
});
