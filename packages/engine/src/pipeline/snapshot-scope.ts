import type { SnapshotScope } from '../chronicle/types.js';
import type { ToolSpec } from '../tools/types.js';
import type { Target } from './types.js';

/** Tools whose effect cannot be read from their arguments (a shell command, git): the whole workspace may change. */
function changesAnywhere(tool: ToolSpec): boolean {
  return tool.name === 'execute_command' || tool.group === 'git';
}

/** What the chronicle keeps before `tool` runs; undefined when the tool changes nothing. */
export function snapshotScope(tool: ToolSpec, targets: readonly Target[]): SnapshotScope | undefined {
  if (tool.readOnly) return undefined;
  if (changesAnywhere(tool)) return { kind: 'workspace' };
  const roots = targets.filter((target) => target.access === 'write').map((target) => target.path);
  return roots.length > 0 ? { kind: 'paths', roots } : undefined;
}
