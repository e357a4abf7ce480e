import { mailToolUse } from '../shell/mail-tools.js';
import { SHELL_EXECUTION_RULES } from './shell-execution.js';
import type { ShellJudge } from './shell-judge.js';

/**
 * Local mail tools (notmuch, mbsync, OfflineIMAP): reading, tagging and syncing the user's own
 * mailboxes run; what they print is labelled private (shell/facts.ts), so sending it elsewhere is
 * judged as sending mail. Any other use is unknown.
 */
export const judgeMailTools: ShellJudge = (facts, _line, judge) => {
  const use = mailToolUse(facts.cmd);
  if (use?.act === 'unknown') judge.findings.add(SHELL_EXECUTION_RULES.unknownCommand, use.detail);
};
