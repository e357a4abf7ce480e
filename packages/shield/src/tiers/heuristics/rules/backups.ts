import { defineRule } from '../registry.js';
import { backupUse } from '../shell/backup-tools.js';
import { SHELL_EXECUTION_RULES } from './shell-execution.js';
import type { ShellJudge } from './shell-judge.js';

/**
 * Backup programs (restic, borg). Listing, checking, backing up and restoring are judged by what
 * they read, write and send (shell/backup-tools.ts gives the file and network profiles); what is
 * left here is what loses the backups themselves or hands them to someone.
 */
export const BACKUP_RULES = {
  snapshotsDeleted: defineRule(
    'backup.snapshots_deleted',
    'escalate',
    'deletes backup snapshots (forget, prune, an archive deleted or rewritten): what only they held cannot be restored',
  ),
  repositoryDeleted: defineRule(
    'backup.repository_deleted',
    'block',
    'deletes a whole backup repository, every snapshot in it',
  ),
  keyChange: defineRule(
    'backup.key_change',
    'escalate',
    'adds, changes or exports a key that opens every backup in a repository',
  ),
};

export const judgeBackups: ShellJudge = (facts, _line, judge) => {
  const backup = backupUse(facts.cmd);
  if (backup === undefined) return;
  const findings = judge.findings;
  switch (backup.act) {
    case 'forget':
      findings.add(BACKUP_RULES.snapshotsDeleted, backup.detail);
      return;
    case 'destroy':
      findings.add(BACKUP_RULES.repositoryDeleted, backup.detail);
      return;
    case 'key':
      findings.add(BACKUP_RULES.keyChange, backup.detail);
      return;
    case 'unknown':
      findings.add(SHELL_EXECUTION_RULES.unknownCommand, backup.detail);
      return;
    default:
      return;
  }
};
