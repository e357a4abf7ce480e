import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { homeFor, withEngine, type CommandContext } from '../context.js';

/** Hands the link to the desktop's browser; the link is printed either way, so failure is harmless. */
function openInBrowser(url: string): void {
  const opener = process.platform === 'darwin' ? 'open' : 'xdg-open';
  try {
    const child = spawn(opener, [url], { detached: true, stdio: 'ignore' });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener on this machine: the printed link is the way in.
  }
}

export function registerWeb(program: Command, context: CommandContext): void {
  program
    .command('web')
    .description('print a one-time login link for the web UI (it works once, for 15 minutes)')
    .option('--open', 'also open it in the default browser')
    .action(async (options: { open?: boolean }, command: Command) => {
      const link = await withEngine(homeFor(context, command), (client) => client.createWebLogin());
      context.io.stdout.write(`${link.url}\n`);
      context.io.stderr.write(`parapet: this link logs one browser in once; it expires at ${link.expiresAt}\n`);
      if (options.open) openInBrowser(link.url);
    });
}
