import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { stemsOf } from '../intent/words.js';
import { userTypedCommand } from '../intent/typed-command.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';
import { hasFlag, operands, options } from '../shell/options.js';
import { commandsOfAction } from '../shell/parse.js';
import { SHELL_DESTRUCTIVE_RULES } from './shell-destructive.js';

/**
 * Data lost in bulk where no snapshot of this machine can bring it back: a cloud bucket emptied or
 * set to expire everything, a database table truncated or dropped. Asked for in the user's words
 * (delete, empty, drop, truncate, purge …) a human decides as before; asked for nothing of the
 * kind, the order came from somewhere else (a log's "fix", a chained command) and is refused.
 */
export const BULK_DATA_LOSS_RULES = {
  bucketEmptied: defineRule(
    'storage.bucket_emptied',
    'escalate',
    "deletes a cloud bucket's objects in bulk, or sets them all to expire",
  ),
  bucketEmptiedNotAsked: defineRule(
    'storage.bucket_emptied_not_asked',
    'block',
    "deletes a cloud bucket's objects in bulk, or sets them all to expire, which the user never asked for",
  ),
  tablesDestroyedNotAsked: defineRule(
    'destructive.database_destroy_not_asked',
    'block',
    'drops, truncates or empties database tables, which the user never asked for',
  ),
};

const AWS_VALUES = options('--profile --region --endpoint-url --output');
/** A lifecycle rule for every object (no prefix or an empty one) that expires them. */
const EXPIRES_EVERYTHING = /"Expiration"\s*:\s*\{[^}]*"Days"\s*:\s*\d+/u;
const NARROWED = /"Prefix"\s*:\s*"[^"]+"|"Tag"\s*:|"ObjectSize(?:GreaterThan|LessThan)"/u;

const STORAGE_CLIS = new Set(['aws', 'gsutil', 'gcloud', 'az']);

/** What on this command empties a bucket, or undefined. */
function emptiesBucket(cmd: SimpleCommand): string | undefined {
  // Every command of every line comes through here: only the storage CLIs are parsed further.
  if (!STORAGE_CLIS.has(cmd.name)) return undefined;
  const words = operands(cmd.args, AWS_VALUES).map((arg) => arg.text);
  const recursive = hasFlag(cmd.args, 'r', ['--recursive']);
  if (cmd.name === 'aws') {
    const [service, sub, target = ''] = words;
    if (service === 's3' && sub === 'rm' && recursive) return `aws s3 rm --recursive ${target}`;
    if (service === 's3' && sub === 'rb' && hasFlag(cmd.args, '', ['--force']))
      return `aws s3 rb --force ${target}`;
    if (service === 's3api' && sub === 'put-bucket-lifecycle-configuration') {
      const rules = cmd.args.map((arg) => arg.text).join(' ');
      if (EXPIRES_EVERYTHING.test(rules) && !NARROWED.test(rules))
        return 'a lifecycle rule that expires every object';
    }
    return undefined;
  }
  if (cmd.name === 'gsutil') {
    const sub = words.find((word) => word === 'rm' || word === 'rb');
    if (sub === 'rb' || (sub === 'rm' && recursive)) return `gsutil ${sub} -r`;
    return undefined;
  }
  if (cmd.name === 'gcloud' && words[0] === 'storage') {
    if (words[1] === 'rm' && recursive) return 'gcloud storage rm --recursive';
    if (words[1] === 'buckets' && words[2] === 'delete') return 'gcloud storage buckets delete';
    return undefined;
  }
  if (cmd.name === 'az' && words[0] === 'storage' && words.includes('delete-batch'))
    return 'az storage blob delete-batch';
  return undefined;
}

/** Words a user asks for data to go with. */
const ASKING = new Set(
  stemsOf(
    'delete remove empty purge wipe erase drop truncate clear clean reset destroy expire rm recreate fresh',
  ),
);

export function judgeBulkDataLoss(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (type !== 'execute_command') return;
  const asked =
    userTypedCommand(payload, request) ||
    (request !== undefined && stemsOf(request.text).some((word) => ASKING.has(word)));
  for (const cmd of commandsOfAction(type, payload, judge.scope)) {
    const emptied = emptiesBucket(cmd);
    if (emptied !== undefined)
      judge.findings.add(
        asked ? BULK_DATA_LOSS_RULES.bucketEmptied : BULK_DATA_LOSS_RULES.bucketEmptiedNotAsked,
        emptied,
      );
  }
  if (asked || request === undefined) return;
  for (const statement of judge.findings.detailsOf(SHELL_DESTRUCTIVE_RULES.databaseDestroy))
    judge.findings.add(BULK_DATA_LOSS_RULES.tablesDestroyedNotAsked, statement);
}
