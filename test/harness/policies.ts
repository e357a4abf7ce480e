import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A tier-0 policy that vouches for every simple command (and the given git actions), so a test sees
 * only what the confinement or the chronicle does, not the Shield's judgement.
 */
export function letCommandsThrough(actions: readonly string[] = ['execute_command']): string {
  return `version: 1
name: let-commands-through
description: Lets every simple command through, for tests of what confines or records it.
unmatched_min_tier: 1
rules:
  deny: []
  escalate: []
  allow:
    - id: allow.every.command
      reason: the test lets commands through
      actions: [${actions.join(', ')}]
      commands: ['.*']
`;
}

/** `prepareHome` and `config` for startParapet: the let-commands-through policy, with approvals on or off. */
export function withCommandsLetThrough(actions?: readonly string[], approvals = true): { prepareHome: (home: string) => void; config: string } {
  return {
    prepareHome: (home) => writeFileSync(join(home, 'let-commands-through.yaml'), letCommandsThrough(actions)),
    config: `shield:\n  policy: let-commands-through.yaml\n${approvals ? '' : '  approvals:\n    enabled: false\n'}`,
  };
}
