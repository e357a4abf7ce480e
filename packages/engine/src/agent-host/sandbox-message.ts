/** What running without each layer gives up, in the words a user decides by. */
const GIVES_UP: Readonly<Record<string, string>> = {
  'fs read restriction (Node permission model)': 'read any file this user can read',
  'fs write restriction (Node permission model)': 'write files',
  'child-process restriction (Node permission model)': 'run programs',
  'network namespace': 'open network connections (send data anywhere)',
};

/** The refusal of an agent whose sandbox is incomplete: what is missing, how to run weaker, what that costs. */
export function sandboxUnsafeMessage(unsafe: readonly string[]): string {
  const costs = unsafe.map((layer) => GIVES_UP[layer] ?? `act without ${layer}`);
  return (
    `agent sandbox unsafe: missing ${unsafe.join(', ')}; refusing to run the agent. ` +
    `To run it anyway, start with --weak-sandbox (or agent.sandbox: weak in config.yaml): ` +
    `a prompt-injected agent could then ${costs.join(', ')}`
  );
}
