import { Argument, type Command } from 'commander';
import type { CommandContext } from '../context.js';
import { completionTree } from '../completion/command-tree.js';
import { bashCompletion, fishCompletion, zshCompletion } from '../completion/scripts.js';

const SHELLS = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion } as const;

export function registerCompletion(program: Command, context: CommandContext): void {
  program
    .command('completion')
    .description('print a shell completion script: source <(parapet completion bash)')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(Object.keys(SHELLS)))
    .action((shell: keyof typeof SHELLS) => {
      context.io.stdout.write(SHELLS[shell](completionTree(program)));
    });
}
