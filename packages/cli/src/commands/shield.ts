import { resolve } from 'node:path';
import type { Command } from 'commander';
import { defineEvalCommand, definePolicyCheckCommand, type CommandIo, type ShieldCommandHost } from '@parapet/shield/commands';
import type { CommandContext } from '../context.js';
import { registerPolicyGrants } from './policy-grants.js';
import type { CliIo } from '../io.js';

function shieldIo(io: CliIo): CommandIo {
  return { out: (text) => void io.stdout.write(text), err: (text) => void io.stderr.write(text), errIsTty: (io.stderr as { readonly isTTY?: boolean }).isTTY === true };
}

/**
 * `parapet shield eval …` and `parapet policy check FILE`: the Shield package's own commands.
 * Loaded on use, so everyday commands do not pay for the Shield's tiers (and its native ONNX runtime).
 */
export function registerShield(program: Command, context: CommandContext): void {
  const { io } = context;
  const host: ShieldCommandHost = {
    io: shieldIo(io),
    resolvePath: (path) => resolve(io.cwd, path),
    setExitCode: (code) => {
      context.exitCode = code;
    },
  };
  defineEvalCommand(program.command('shield').description('the Shield on its own: run the adversarial eval'), host);
  const policy = program.command('policy').description('Shield policy files and your durable grants');
  definePolicyCheckCommand(policy, host);
  registerPolicyGrants(policy, context);
}
