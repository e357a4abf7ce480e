import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { stemsOf } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';
import { hasFlag, operands, options } from '../shell/options.js';
import { commandsOfAction } from '../shell/parse.js';

/**
 * A copy that deletes what it copies is a move: `rsync --remove-source-files`, `rclone move`,
 * `aws s3 mv`. (A plain `mv` is left alone: renaming a file a line just wrote is how a copy is
 * made atomic.) When the user asked for a copy or a backup and said nothing of moving or
 * removing, the originals are lost on the strength of a copy that may be wrong (a mistyped
 * destination, a full disk, a remote someone else controls): the command does something other
 * than what was asked.
 */
export const MOVED_COPY_RULES = {
  copyDeletesSources: defineRule(
    'files.copy_deletes_sources',
    'block',
    'deletes the files it copies (a move), where the user asked for a copy',
  ),
};

/** Words of a request for a copy ("back up" as a verb; "the backup" is also where files come from). */
const COPYING = new Set(stemsOf('copy duplicate mirror sync replicate clone'));
const BACKING_UP = /\bback(?:ing|s)?\s+(?:\S+\s+){0,3}?up\b/iu;
/** Words of a request that the originals go: moving, clearing space, tidying. */
const REMOVING = new Set(
  stemsOf(`move moving relocate free delete remove clear clean empty offload tidy organise organize
  sort archive transfer migrate cut rename`),
);

const CLOUD_MOVES: ReadonlyMap<string, number> = new Map([
  ['rclone', 0],
  ['gsutil', 0],
  ['aws', 1],
  ['gcloud', 1],
]);

/** The command removes the files it copies: what it does, or undefined. */
function removesSources(cmd: SimpleCommand): string | undefined {
  if (cmd.name === 'rsync' && hasFlag(cmd.args, '', ['--remove-source-files']))
    return 'rsync --remove-source-files';
  const depth = CLOUD_MOVES.get(cmd.name);
  if (depth === undefined) return undefined;
  const verb = operands(cmd.args, options('--config --profile --region --project'))[depth]?.text;
  return verb === 'move' || verb === 'moveto' || verb === 'mv' ? `${cmd.name} ${verb}` : undefined;
}

function asksForCopyOnly(text: string): boolean {
  const words = stemsOf(text);
  const copying = words.some((word) => COPYING.has(word)) || BACKING_UP.test(text);
  return copying && !words.some((word) => REMOVING.has(word));
}

export function judgeMovedCopy(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  if (request === undefined || !asksForCopyOnly(request.text)) return;
  for (const cmd of commandsOfAction(type, payload, judge.scope)) {
    const move = removesSources(cmd);
    if (move !== undefined) {
      judge.findings.add(MOVED_COPY_RULES.copyDeletesSources, move);
      return;
    }
  }
}
