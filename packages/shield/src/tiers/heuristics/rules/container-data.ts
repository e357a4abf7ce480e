import type { KnownActionType } from '../../../action-types.js';
import type { UserRequest } from '../../../types.js';
import { stemsOf } from '../intent/words.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import type { SimpleCommand } from '../shell/model.js';
import { hasFlag, operands, options } from '../shell/options.js';
import { CONTAINER_CLIS } from '../shell/container-exec.js';
import { commandsOfAction } from '../shell/parse.js';

/**
 * Containers keep their data in volumes: a database's files, uploads, a queue. A prune that takes
 * the volumes with it (`docker system prune --volumes`, `docker volume prune`, `docker volume rm`,
 * `docker compose down -v`) deletes that data for good. Asked for in the user's words (volumes, a
 * fresh database, a wipe or reset) it is theirs; otherwise a human decides, and after content from
 * elsewhere with nothing of the kind asked it is refused: the order came from what the agent read.
 */
export const CONTAINER_DATA_RULES = {
  dataDeleted: defineRule(
    'container.data_deleted',
    'escalate',
    "deletes containers' volumes, the data (databases, uploads) they keep there",
  ),
  dataDeletedNotAsked: defineRule(
    'container.data_deleted_not_asked',
    'block',
    "deletes containers' volumes, which the user never asked for, after reading content from elsewhere",
  ),
};

const GLOBAL_VALUES = options(
  '-H --host --context -c --config -f --file -p --project-name --log-level',
);

/** Words of a request to delete containers' data ("and its volumes", "a fresh database"). */
const ASKING = new Set(stemsOf('volume volumes fresh wipe reset erase'));

/** What deletes volumes on this command, or undefined. */
function deletesVolumes(cmd: SimpleCommand): string | undefined {
  if (!CONTAINER_CLIS.has(cmd.name) && cmd.name !== 'docker-compose') return undefined;
  const ops = operands(cmd.args, GLOBAL_VALUES).map((a) => a.text);
  const compose = cmd.name === 'docker-compose' ? ['compose', ...ops] : ops;
  const verb = compose.slice(0, 2).join(' ');
  if (verb === 'system prune' && hasFlag(cmd.args, '', ['--volumes']))
    return 'system prune --volumes';
  if (verb === 'volume prune' || verb === 'volume rm') return verb;
  if (verb === 'compose down' && hasFlag(cmd.args, 'v', ['--volumes'])) return 'compose down -v';
  return undefined;
}

export function judgeContainerData(
  type: KnownActionType | undefined,
  payload: Readonly<Record<string, unknown>>,
  request: UserRequest | undefined,
  judge: Judge,
): void {
  const deletion = commandsOfAction(type, payload, judge.scope)
    .map(deletesVolumes)
    .find((found) => found !== undefined);
  if (deletion === undefined) return;
  const asked = request !== undefined && stemsOf(request.text).some((word) => ASKING.has(word));
  if (asked) return;
  judge.findings.add(
    request?.untrustedContent === true
      ? CONTAINER_DATA_RULES.dataDeletedNotAsked
      : CONTAINER_DATA_RULES.dataDeleted,
    deletion,
  );
}
