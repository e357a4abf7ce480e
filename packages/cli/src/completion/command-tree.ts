import type { Command } from 'commander';

export interface CompletionNode {
  readonly name: string;
  readonly description: string;
  /** Long options, `--json` and the like. */
  readonly options: readonly string[];
  readonly children: readonly CompletionNode[];
}

/** What the program declares: completion scripts are generated from it, so they never drift. */
export function completionTree(command: Command): CompletionNode {
  return {
    name: command.name(),
    description: command.description().split('\n')[0] ?? '',
    options: command.options.map((option) => option.long).filter((long): long is string => long !== undefined),
    children: command.commands.map(completionTree),
  };
}
