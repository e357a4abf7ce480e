import type { SimpleCommand } from './model.js';
import { operands, options } from './options.js';

const EXEC_VALUES = options('-e --env --env-file -u --user -w --workdir --detach-keys');
const KUBECTL_VALUES = options('-n --namespace -c --container --context --kubeconfig');
/** Docker and the CLIs that speak its commands. */
export const CONTAINER_CLIS: ReadonlySet<string> = new Set(['docker', 'podman', 'nerdctl']);

/**
 * The program a command runs inside a container, with its arguments: `docker exec db pg_dumpall`
 * runs `pg_dumpall`, `kubectl exec -n prod api -- env` runs `env`. What it prints comes out of
 * the outer command, so what it reads is what a pipe after it carries.
 */
export function programInContainer(cmd: SimpleCommand): readonly string[] | undefined {
  if (CONTAINER_CLIS.has(cmd.name)) {
    const ops = operands(cmd.args, EXEC_VALUES).map((a) => a.text);
    const at = ops[0] === 'exec' ? 2 : ops[0] === 'container' && ops[1] === 'exec' ? 3 : -1;
    return at < 0 || ops.length <= at ? undefined : ops.slice(at);
  }
  if (cmd.name === 'kubectl' && cmd.args[0]?.text === 'exec') {
    const dashes = cmd.args.findIndex((a) => a.text === '--');
    if (dashes >= 0) return cmd.args.slice(dashes + 1).map((a) => a.text);
    const ops = operands(cmd.args.slice(1), KUBECTL_VALUES).map((a) => a.text);
    return ops.length > 1 ? ops.slice(1) : undefined;
  }
  return undefined;
}
