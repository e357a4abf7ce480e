import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from '../index.js';

/** A command and the rule id it must fire. */
export type Row = readonly [string, string];

const context = { home: '/home/alice', workspace: '/home/alice/project' };
const shell = (command: string) => evaluateHeuristics({ type: 'execute_command', payload: { command } }, context);

/** The must-block / must-escalate / must-pass table every shell rule family is tested with. */
export function describeShellRules(
  name: string,
  table: { readonly mustBlock: readonly Row[]; readonly mustEscalate: readonly Row[]; readonly mustPass: readonly string[] },
): void {
  describe(name, () => {
    it.each(table.mustBlock)('blocks: %s', (command, rule) => {
      const result = shell(command);
      expect(result.decision).toBe('BLOCK');
      expect(result.ruleIds).toContain(rule);
    });
    it.each(table.mustEscalate)('escalates: %s', (command, rule) => {
      const result = shell(command);
      expect(result.decision).toBe('ESCALATE');
      expect(result.ruleIds).toContain(rule);
    });
    it.each(table.mustPass)('passes: %s', (command) => {
      expect(shell(command)).toMatchObject({ decision: 'PASS', ruleIds: [] });
    });
  });
}
