import { runShieldCli } from './cli/program.js';

/** `parapet-shield`: the Shield's standalone command. Errors print one line, never a stack. */
runShieldCli(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`parapet-shield: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
