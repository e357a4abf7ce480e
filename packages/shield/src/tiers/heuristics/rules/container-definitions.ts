import { usePath, type Judge, type PathUse } from '../judge.js';
import { judgeRead } from './locations.js';
import { mountsHost, SHELL_EXECUTION_RULES } from './shell-execution.js';

/**
 * A compose file, a dev container or a Kubernetes manifest is what `docker compose up` or
 * `kubectl apply` runs later: a service written there privileged, on the host's network or
 * process space, with the Docker socket or the host's root, homes or /etc mounted, has the host
 * as surely as `docker run --privileged` (`exec.container_host_access`); a key folder mounted is a
 * read of the keys.
 */
const DEFINITION_FILE =
  /(?:^|\/)(?:(?:docker-)?compose(?:[.-][\w-]+)?\.ya?ml|devcontainer\.json|[\w.-]+\.ya?ml)$/u;
/** Content that defines containers: services with images, a pod's containers. */
const DEFINES_CONTAINERS = /(?:^|[\s{,])(?:services|containers|image)\s*:|"image"\s*:/mu;

const HOST_ACCESS: readonly RegExp[] = [
  /(?:^|[\s{,])(privileged:\s*true)\b/mu,
  /("privileged"\s*:\s*true)/u,
  /(?:^|[\s{,])((?:network_mode|pid|ipc|userns_mode):\s*["']?host)\b/mu,
  /(?:^|[\s{,])(host(?:Network|PID|IPC):\s*true)\b/mu,
  /\b(?:cap_add|add)\s*:[^\n]*\n?(?:\s*-[^\n]*\n)*?[^\n]*\b(SYS_ADMIN|SYS_MODULE|SYS_PTRACE)\b/u,
  /"(--privileged|--(?:network|pid)=host)"/u,
  /\bhostPath:\s*\n\s*path:\s*["']?(\/|\/var\/run\/docker\.sock|\/run\/docker\.sock|\/etc|\/root|\/home)["']?\s*$/mu,
];
/** A short-syntax mount (`- /:/host`, `["~/.ssh:/root/.ssh:ro"]`): its host side. */
const MOUNT_SOURCE = /(?:^\s*-\s*|[[,]\s*)["']?((?:[~/]|\$\{?HOME\}?)[^:"'\s,\]]*):/gmu;

export function judgeContainerDefinition(target: PathUse, content: string, judge: Judge): void {
  if (!DEFINITION_FILE.test(target.path.absolute) || !DEFINES_CONTAINERS.test(content)) return;
  for (const pattern of HOST_ACCESS) {
    const found = pattern.exec(content)?.[1];
    if (found !== undefined) {
      judge.findings.add(SHELL_EXECUTION_RULES.containerHostAccess, found);
      return;
    }
  }
  for (const [, source = ''] of content.matchAll(MOUNT_SOURCE)) {
    if (mountsHost(source)) {
      judge.findings.add(SHELL_EXECUTION_RULES.containerHostAccess, `${source} mounted`);
      return;
    }
    const mounted = usePath(source.replace(/^\$\{?HOME\}?/u, '~'), judge.scope);
    if (mounted.traits.secret !== undefined) judgeRead(mounted, judge);
  }
}
