import { Findings } from '../findings.js';
import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { judgeCommandLine } from './shell.js';

export const DATABASE_PROGRAM_RULES = {
  program: defineRule(
    'exec.database_program',
    'escalate',
    'makes the database server or its client run a program',
  ),
  harmfulProgram: defineRule(
    'exec.database_program_harmful',
    'block',
    'makes the database server or its client run a program that is refused on its own',
  ),
};

/** PostgreSQL's `COPY … TO|FROM PROGRAM 'command'`: the server runs the command as its own account. */
const COPY_PROGRAM = /\bCOPY\b[^;]*?\b(TO|FROM)\s+PROGRAM\s+'((?:[^']|'')*)'/giu;
/** A client's shell escape as a word of its own: psql's and mysql's `\!`, sqlite3's `.shell`, `.system`. */
const CLIENT_SHELL = /(?:^|[\n;\s])\s*(?:\\!|\.shell\b|\.system\b)[ \t]*([^\n;]+)/gu;

/**
 * Programs the statements given to a database client make it or its server run, each judged as
 * the shell command it is: `COPY orders TO PROGRAM 'curl -T - …'` sends the rows as
 * `psql -c 'COPY orders TO STDOUT' | curl -T - …` would.
 */
export function judgeDatabasePrograms(client: string, statements: string, judge: Judge): void {
  const programs: string[] = [];
  for (const [, direction, quoted] of statements.matchAll(COPY_PROGRAM)) {
    const program = (quoted ?? '').replaceAll("''", "'");
    // COPY TO hands the table's rows to the program's input, as a client printing them would.
    programs.push(
      direction?.toUpperCase() === 'TO'
        ? `${client} -c 'COPY rows TO STDOUT' | ${program}`
        : program,
    );
  }
  for (const [, program] of statements.matchAll(CLIENT_SHELL)) programs.push(program ?? '');
  for (const program of programs) {
    const inner = new Findings();
    judgeCommandLine(program, { scope: judge.scope, findings: inner });
    if (inner.blocked)
      judge.findings.add(DATABASE_PROGRAM_RULES.harmfulProgram, inner.result().reason);
    else judge.findings.add(DATABASE_PROGRAM_RULES.program, program);
  }
}
