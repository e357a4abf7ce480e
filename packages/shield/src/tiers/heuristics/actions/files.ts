import type { KnownActionType } from '../../../action-types.js';
import { usePath, type Judge, type PathUse } from '../judge.js';
import { judgeWrittenText } from '../rules/content.js';
import { judgeDelete, judgeRead, judgeWrite } from '../rules/locations.js';
import { OBFUSCATION_RULES } from '../rules/obfuscation.js';
import { judgePublicCopy } from '../rules/public-folders.js';
import { SHELL_SECRET_RULES, SOURCE_TREE } from '../rules/shell-secrets.js';
import { normalizeText } from '../text/normalize.js';
import { stringField } from './fields.js';
import { caseless } from '../../../caseless.js';

const SECRET_SEARCH = caseless(
  /passw|secret|api[_-]?key|token|private[_ -]?key|credential|\.pem\b|id_rsa|\.env\b/iu,
);

/** A path field, checked for spoofing before it is resolved. */
function pathOf(raw: string, judge: Judge): PathUse {
  const normalized = normalizeText(raw);
  if (normalized.mixedScriptWord !== undefined)
    judge.findings.add(OBFUSCATION_RULES.homoglyph, normalized.mixedScriptWord);
  if (normalized.hiddenCharacters) judge.findings.add(OBFUSCATION_RULES.hiddenCharacters, 'path');
  if (raw.includes('\0') || /%00|\\0|\\x00/iu.test(raw))
    judge.findings.add(OBFUSCATION_RULES.nullByte, raw);
  return usePath(normalized.text, judge.scope);
}

/** The file tools: reads, listings, searches, writes (with what is written), new folders, deletes, moves, copies. */
export function judgeFileAction(
  type: KnownActionType,
  payload: Readonly<Record<string, unknown>>,
  judge: Judge,
): void {
  const path = stringField(payload, ['path'], judge);
  switch (type) {
    case 'read_file':
      if (path !== undefined) judgeRead(pathOf(path, judge), judge, { fileTool: true });
      return;
    case 'list_directory':
      judgeRead(pathOf(path ?? '.', judge), judge, { fileTool: true, probe: true });
      return;
    case 'search_files': {
      judgeRead(pathOf(path ?? '.', judge), judge, { fileTool: true, probe: true });
      const pattern = stringField(payload, ['pattern', 'query'], judge);
      if (pattern !== undefined && SECRET_SEARCH.test(pattern)) {
        const where = pathOf(path ?? '.', judge);
        // Reviewing how source code handles passwords reads code, not secrets (as with grep).
        const inSource =
          where.path.inWorkspace &&
          !where.path.glob &&
          SOURCE_TREE.test(where.path.absolute.slice(judge.scope.workspace.length));
        if (inSource) return;
        judge.findings.add(
          where.path.inWorkspace
            ? SHELL_SECRET_RULES.credentialSearch
            : SHELL_SECRET_RULES.credentialHunt,
          pattern,
        );
      }
      return;
    }
    case 'write_file': {
      if (path === undefined) return;
      const target = pathOf(path, judge);
      const content = stringField(payload, ['content'], judge);
      judgeWrite(target, judge, content);
      if (content !== undefined) judgeWrittenText(target, content, judge, { scripts: true });
      return;
    }
    case 'create_directory':
      if (path !== undefined) judgeWrite(pathOf(path, judge), judge);
      return;
    case 'delete_file':
    case 'delete_directory':
      if (path !== undefined)
        judgeDelete(
          pathOf(path, judge),
          type === 'delete_directory' || payload['recursive'] === true,
          judge,
        );
      return;
    case 'move_file':
    case 'copy_file': {
      const source = stringField(payload, ['source', 'from', 'src'], judge);
      const destination = stringField(payload, ['destination', 'to', 'dest'], judge);
      const to = destination === undefined ? undefined : pathOf(destination, judge);
      if (source !== undefined) {
        const from = pathOf(source, judge);
        judgeRead(from, judge, { fileTool: true });
        if (to !== undefined) judgePublicCopy(from, to, judge);
        if (type === 'move_file')
          judgeDelete(from, true, judge, {
            moved: true,
            ...(to === undefined ? {} : { keptAt: to }),
          });
      }
      if (to !== undefined) judgeWrite(to, judge);
      return;
    }
    default:
      return;
  }
}
