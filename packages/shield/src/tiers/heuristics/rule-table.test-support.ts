import { describe, expect, it } from 'vitest';
import { evaluateHeuristics } from './index.js';

const context = { home: '/home/alice', workspace: '/home/alice/project' };

/** Judges one action the way the tables below do (home /home/alice, workspace ~/project). */
export const judge = (type: string, payload: Record<string, unknown>) =>
  evaluateHeuristics({ type, payload }, context);
const shell = (command: string) => judge('execute_command', { command });

/** Judges one action after the user said `said`; the turn read nothing from elsewhere unless `untrusted`. */
export const judgeSaid = (
  type: string,
  payload: Record<string, unknown>,
  said?: string,
  untrusted = false,
) =>
  evaluateHeuristics(
    { type, payload },
    { ...context, ...(said ? { userRequest: { text: said, untrustedContent: untrusted } } : {}) },
  );
/** `judgeSaid` for a shell command. */
export const runSaid = (command: string, said?: string, untrusted = false) =>
  judgeSaid('execute_command', { command }, said, untrusted);

/** A command and the rule id it must fire. */
export type Row = readonly [string, string];
/** What the action is, its type, its payload and the rule id it must fire. */
export type ActionRow = readonly [string, string, Record<string, unknown>, string];
export type PassingActionRow = readonly [string, string, Record<string, unknown>];

/** The must-block / must-escalate / must-pass table every shell rule family is tested with. */
export function describeShellRules(
  name: string,
  table: {
    readonly mustBlock: readonly Row[];
    readonly mustEscalate: readonly Row[];
    readonly mustPass: readonly string[];
  },
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

/** The same table for actions judged by their fields; `extra` adds cases that need their own shape. */
export function describeActionRules(
  name: string,
  table: {
    readonly mustBlock: readonly ActionRow[];
    readonly mustEscalate: readonly ActionRow[];
    readonly mustPass: readonly PassingActionRow[];
  },
  extra?: () => void,
): void {
  describe(name, () => {
    it.each(table.mustBlock)('blocks %s', (_what, type, payload, rule) => {
      expect(judge(type, payload)).toMatchObject({
        decision: 'BLOCK',
        ruleIds: expect.arrayContaining([rule]),
      });
    });
    it.each(table.mustEscalate)('escalates %s', (_what, type, payload, rule) => {
      expect(judge(type, payload)).toMatchObject({
        decision: 'ESCALATE',
        ruleIds: expect.arrayContaining([rule]),
      });
    });
    it.each(table.mustPass)('passes %s', (_what, type, payload) => {
      expect(judge(type, payload)).toMatchObject({ decision: 'PASS', ruleIds: [] });
    });
    extra?.();
  });
}
