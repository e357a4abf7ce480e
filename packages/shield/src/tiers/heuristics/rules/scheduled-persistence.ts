import { Findings } from '../findings.js';
import type { Judge } from '../judge.js';
import { defineRule, type Rule } from '../registry.js';
import { SHELL_PERSISTENCE_RULES } from './shell-persistence.js';
import { judgeCommandLine } from './shell.js';

/**
 * A schedule whose command installs persistence of its own (enables a service, queues another
 * job): one foothold that re-creates the other, so switching a service off or clearing a job does
 * not stick. Someone who wants a service to start at boot enables it once; only a foothold needs
 * to re-arm itself from a timer.
 */
export const SCHEDULED_PERSISTENCE_RULES = {
  rearmed: defineRule(
    'persistence.rearmed_by_schedule',
    'block',
    'schedules a command that itself makes something start automatically, so undoing it does not stick',
  ),
};

const REARMING: ReadonlySet<Rule> = new Set([
  SHELL_PERSISTENCE_RULES.serviceEnable,
  SHELL_PERSISTENCE_RULES.scheduledJob,
]);

/** Passes every finding on to `outer`, noting whether one installs persistence. */
class PersistenceWatch extends Findings {
  installs: string | undefined;

  constructor(private readonly outer: Findings) {
    super();
  }

  override add(rule: Rule, detail?: string): void {
    if (REARMING.has(rule)) this.installs ??= detail ?? rule.reason;
    this.outer.add(rule, detail);
  }

  override get blocked(): boolean {
    return this.outer.blocked;
  }
}

/** Judges a schedule's command as a command, then as one that runs again on every tick. */
export function judgeScheduledCommand(command: string, judge: Judge): void {
  const watch = new PersistenceWatch(judge.findings);
  judgeCommandLine(command, { scope: judge.scope, findings: watch });
  if (watch.installs !== undefined)
    judge.findings.add(SCHEDULED_PERSISTENCE_RULES.rearmed, watch.installs);
}
