/** The confinement layers every shell or git command runs under, as `parapet status` names them. */
export function commandLayers(confined: boolean, egressProxy = false): string[] {
  const always = ['prompt files a command creates are moved aside', 'allowlisted environment', 'no terminal (stdin at end of file)', 'process group killed at the deadline'];
  if (!confined) return always;
  return [
    'mount namespace (workspace, read-only system folders, private /tmp)',
    egressProxy ? "network namespace (no route out; HTTP(S) only through the engine's egress proxy, each host checked and audited)" : 'network namespace (no network)',
    'pid namespace per command',
    'prompt files read-only (a bind mount over each)',
    'no capabilities (empty bounding set, no_new_privs)',
    ...always,
  ];
}
