import type { Judge } from '../judge.js';
import type { CommandFacts, LineFacts } from '../shell/facts.js';

/** One rule family's look at one simple command, with the whole line for context. */
export type ShellJudge = (facts: CommandFacts, line: LineFacts, judge: Judge) => void;
