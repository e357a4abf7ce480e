import { guardedEntries, setAsideCreatedPromptFiles, type EntryIdentity } from '../executors/prompt-file-guard.js';

/**
 * Keeps the system prompt away from the prompt files a command may create. A guarded name that was
 * missing when a command started cannot be mounted read-only; until the command has ended and what
 * it left there has been moved aside, the engine loads nothing at that name that differs from what
 * was there at the start.
 */
export interface CommandFence {
  /** Records the guarded names as a command starts; the returned function, called once it has ended, moves aside what it created. */
  enter(): () => string[];
  /** Whether the guarded file `name`, found as `identity`, may be loaded now. */
  admits(name: string, identity: string): boolean;
}

export function createCommandFence(workspace: string): CommandFence {
  const running = new Set<ReadonlyMap<string, EntryIdentity>>();
  return {
    enter() {
      const before = guardedEntries(workspace);
      running.add(before);
      return () => {
        try {
          return setAsideCreatedPromptFiles(workspace, before);
        } finally {
          running.delete(before);
        }
      };
    },
    admits(name, identity) {
      for (const before of running) if (before.get(name) !== identity) return false;
      return true;
    },
  };
}
