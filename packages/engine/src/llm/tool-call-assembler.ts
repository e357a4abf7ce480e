interface PartialCall {
  id: string;
  name: string;
  args: string;
}

export interface ToolCallDelta {
  readonly index: number;
  readonly id?: string | undefined;
  readonly function?: { readonly name?: string | undefined; readonly arguments?: string | undefined } | undefined;
}

/** Joins streamed tool-call fragments (keyed by index) into whole calls. */
export class ToolCallAssembler {
  private readonly calls = new Map<number, PartialCall>();

  add(delta: ToolCallDelta): void {
    const call = this.calls.get(delta.index) ?? { id: '', name: '', args: '' };
    if (delta.id) call.id = delta.id;
    // Most providers send the name once; some repeat it in every fragment, a few split it.
    const name = delta.function?.name;
    if (name && name !== call.name) call.name += name;
    if (delta.function?.arguments) call.args += delta.function.arguments;
    this.calls.set(delta.index, call);
  }

  /** The finished calls in index order; clears the assembler. */
  drain(): Array<{ id: string; name: string; argumentsJson: string }> {
    const done = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({ id: call.id || `call_${index}`, name: call.name, argumentsJson: call.args }));
    this.calls.clear();
    return done;
  }
}
