import { usePath, type Judge } from '../judge.js';
import { pathTokens } from '../paths/extract.js';
import { sensitivityOf } from '../paths/taxonomy.js';
import { judgeCodeFileOps } from '../rules/code-file-ops.js';
import { judgeRead } from '../rules/locations.js';
import { OBFUSCATION_RULES } from '../rules/obfuscation.js';
import { judgeProse, type ProseRole } from '../rules/prose.js';
import { judgeCommandLine } from '../rules/shell.js';
import { normalizeText } from '../text/normalize.js';
import { stringsIn } from './fields.js';

/**
 * Fields the heuristics do not know still get read: the paths they name, look-alike spellings,
 * and (for a shell action) each string as a command the executor might run.
 */
export function judgeUnknownValues(
  payload: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  judge: Judge,
  options: { readonly asCommand: boolean; readonly role: ProseRole },
): void {
  for (const field of fields) {
    for (const value of stringsIn(payload[field])) {
      if (judge.findings.blocked) return;
      const normalized = normalizeText(value);
      if (normalized.mixedScriptWord !== undefined)
        judge.findings.add(OBFUSCATION_RULES.homoglyph, `${field}: ${normalized.mixedScriptWord}`);
      if (normalized.hiddenCharacters)
        judge.findings.add(OBFUSCATION_RULES.hiddenCharacters, field);
      if (value.includes('\0')) judge.findings.add(OBFUSCATION_RULES.nullByte, field);
      for (const token of pathTokens(normalized.text)) {
        const use = usePath(token, judge.scope);
        if (sensitivityOf(use.traits) !== undefined) judgeRead(use, judge);
      }
      if (options.asCommand) judgeCommandLine(normalized.text, judge);
      judgeCodeFileOps(normalized.text, judge);
      judgeProse(normalized.text, judge, options.role);
    }
  }
}
