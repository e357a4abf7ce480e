import { createInterface } from 'node:readline';
import { ParapetError } from '@parapet/wire';
import type { CliIo } from './io.js';

/**
 * A yes/no question for a change that cannot be taken back without effort. `--yes` answers it for
 * scripts; off a terminal, without `--yes`, nothing is changed (a pipe never says yes by accident).
 */
export async function confirmChange(io: CliIo, question: string, yes: boolean | undefined): Promise<boolean> {
  if (yes === true) return true;
  const terminal = io.stdout.isTTY === true && (io.stdin as { readonly isTTY?: boolean }).isTTY === true;
  if (!terminal) throw new ParapetError('INVALID_ARGUMENT', `${question.replace(/\?$/u, '')}: not on a terminal, so nothing was changed (confirm with --yes)`);
  const lines = createInterface({ input: io.stdin, output: io.stdout, terminal: true });
  try {
    const answer = await new Promise<string>((resolve) => {
      lines.once('close', () => resolve(''));
      lines.question(`${question} [y/N] `, resolve);
    });
    return /^(y|yes)$/iu.test(answer.trim());
  } finally {
    lines.close();
  }
}
