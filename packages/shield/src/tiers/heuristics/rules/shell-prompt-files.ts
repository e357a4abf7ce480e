import type { Judge } from '../judge.js';
import { defineRule } from '../registry.js';
import { writtenText } from '../shell/derived-scripts.js';
import type { CommandFacts, LineFacts } from '../shell/facts.js';
import { judgeWrittenText } from './content.js';
import { LOCATION_RULES } from './locations.js';

/**
 * A shell command that changes a file the agent reads as instructions or memory (AGENTS.md,
 * SOUL.md, MEMORY.md, USER.md …) is judged as `write_file` to that path is: by what it writes.
 * Where the command line does not show the text (a copy, a download, a variable, an in-place
 * edit), the write is as good as unseen: memory files then go to a human like instruction files
 * do, and text fetched from the network is refused, since whoever serves it writes the agent's
 * standing orders.
 */
export const PROMPT_FILE_RULES = {
  remoteInstructions: defineRule(
    'instructions.remote_content',
    'block',
    'puts content fetched from the network into a file agents read as instructions or memory',
  ),
};

/** Commands that change a file's metadata or existence, not what it says. */
const CONTENTLESS = new Set([
  'touch',
  'mkdir',
  'chmod',
  'chown',
  'chgrp',
  'chattr',
  'setfacl',
  'chcon',
  'setfattr',
]);

export function judgePromptFileWrites(facts: CommandFacts, line: LineFacts, judge: Judge): void {
  let shown: readonly string[] | undefined;
  for (const use of facts.writes) {
    const { agentInstructions, agentMemory } = use.traits;
    if (agentInstructions === undefined && agentMemory === undefined) continue;
    if (line.downloadedPaths().has(use.path.absolute)) {
      judge.findings.add(PROMPT_FILE_RULES.remoteInstructions, use.raw);
      continue;
    }
    if (CONTENTLESS.has(facts.cmd.name)) continue;
    shown ??= writtenText(facts.cmd)?.targets ?? [];
    if (shown.includes(use.raw)) continue;
    // The command line is all the Shield sees of the new text (a `sed -i` expression, say).
    judgeWrittenText(use, facts.argsText, judge, { scripts: false });
    if (agentMemory !== undefined)
      judge.findings.add(LOCATION_RULES.instructionFileWrite, `${agentMemory}, text not shown`);
  }
  for (const use of facts.downloads)
    if (use.traits.agentInstructions !== undefined || use.traits.agentMemory !== undefined)
      judge.findings.add(PROMPT_FILE_RULES.remoteInstructions, use.raw);
}
