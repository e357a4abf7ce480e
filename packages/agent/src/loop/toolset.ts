import type { ToolDef__Output } from '@parapet/wire';

/** The tools offered to the model in this turn: the meta-tool(s) plus every group loaded so far. */
export class Toolset {
  readonly #tools = new Map<string, ToolDef__Output>();

  constructor(initial: readonly ToolDef__Output[]) {
    this.add(initial);
  }

  add(tools: readonly ToolDef__Output[]): void {
    for (const tool of tools) this.#tools.set(tool.name, tool);
  }

  list(): ToolDef__Output[] {
    return [...this.#tools.values()];
  }
}
