import type { KnownActionType } from '../../../action-types.js';
import { controlTampering } from '../content/instructions.js';
import { namesSecretMaterial, secretValueIn } from '../content/secrets.js';
import { Findings } from '../findings.js';
import { usePath, type Judge, type PathUse } from '../judge.js';
import { pathTokens } from '../paths/extract.js';
import { defineRule } from '../registry.js';
import { judgeDelete, judgeRead, judgeWrite } from '../rules/locations.js';
import { OBFUSCATION_RULES } from '../rules/obfuscation.js';
import { judgeProse, PROSE_RULES } from '../rules/prose.js';
import { judgeCommandLine } from '../rules/shell.js';
import { SHELL_SECRET_RULES } from '../rules/shell-secrets.js';
import { normalizeText } from '../text/normalize.js';
import { stringField } from './fields.js';

export const FILE_CONTENT_RULES = {
  secretStaging: defineRule('files.secret_staging', 'block', 'writes secrets (or what it says are secrets) to a file outside the workspace'),
  secretValueWrite: defineRule('files.secret_value_write', 'escalate', 'writes a credential value into a file'),
  harmfulScript: defineRule('content.harmful_script', 'block', 'writes a script or scheduled command that does something the Shield blocks'),
};
const R = FILE_CONTENT_RULES;

const SCRIPT_PATH = /\.(?:sh|bash|zsh|ksh|fish|command|bat|cmd|ps1)$|(?:^|\/)(?:Makefile|Dockerfile|Justfile|crontab)$|(?:^|\/)\.git\/hooks\//iu;
const SECRET_SEARCH = /passw|secret|api[_-]?key|token|private[_ -]?key|credential|\.pem\b|id_rsa|\.env\b/iu;

/** A path field, checked for spoofing before it is resolved. */
function pathOf(raw: string, judge: Judge): PathUse {
  const normalized = normalizeText(raw);
  if (normalized.mixedScriptWord !== undefined) judge.findings.add(OBFUSCATION_RULES.homoglyph, normalized.mixedScriptWord);
  if (normalized.hiddenCharacters) judge.findings.add(OBFUSCATION_RULES.hiddenCharacters, 'path');
  if (raw.includes('\0') || /%00|\\0|\\x00/iu.test(raw)) judge.findings.add(OBFUSCATION_RULES.nullByte, raw);
  return usePath(normalized.text, judge.scope);
}

/** A script's harm, judged as shell in isolation: only what would block counts against the write. */
function judgeScriptContent(content: string, judge: Judge): void {
  const inner = new Findings();
  judgeCommandLine(content, { scope: judge.scope, findings: inner });
  if (inner.blocked) judge.findings.add(R.harmfulScript, inner.result().reason);
}

function judgeContent(target: PathUse, content: string, judge: Judge): void {
  const { traits, path } = target;
  const sensitiveTarget = traits.agentInstructions !== undefined || traits.securityControl !== undefined || traits.agentControl !== undefined;
  if (sensitiveTarget || !path.inWorkspace) judgeProse(content, judge, 'stored');
  else {
    const control = controlTampering(content);
    if (control !== undefined) judge.findings.add(PROSE_RULES.securityOverride, control);
  }
  const secretValue = secretValueIn(content);
  if (!path.inWorkspace) {
    const secretPath = pathTokens(content).map((t) => usePath(t, judge.scope)).find((u) => u.traits.secret !== undefined);
    if (secretValue !== undefined || secretPath !== undefined || namesSecretMaterial(content) === 'strong') {
      judge.findings.add(R.secretStaging, secretValue ?? secretPath?.raw ?? 'names secret material');
    }
  } else if (secretValue !== undefined && traits.secret === undefined) judge.findings.add(R.secretValueWrite, secretValue);
  if (SCRIPT_PATH.test(path.absolute) || /^#!/u.test(content) || traits.persistence !== undefined) judgeScriptContent(content, judge);
}

export function judgeFileAction(type: KnownActionType, payload: Readonly<Record<string, unknown>>, judge: Judge): void {
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
      if (pattern !== undefined && SECRET_SEARCH.test(pattern)) judge.findings.add(SHELL_SECRET_RULES.credentialSearch, pattern);
      return;
    }
    case 'write_file': {
      if (path === undefined) return;
      const target = pathOf(path, judge);
      judgeWrite(target, judge);
      const content = stringField(payload, ['content'], judge);
      if (content !== undefined) judgeContent(target, content, judge);
      return;
    }
    case 'delete_file':
    case 'delete_directory':
      if (path !== undefined) judgeDelete(pathOf(path, judge), type === 'delete_directory' || payload['recursive'] === true, judge);
      return;
    case 'move_file':
    case 'copy_file': {
      const source = stringField(payload, ['source', 'from', 'src'], judge);
      const destination = stringField(payload, ['destination', 'to', 'dest'], judge);
      if (source !== undefined) {
        const from = pathOf(source, judge);
        judgeRead(from, judge, { fileTool: true });
        if (type === 'move_file') judgeDelete(from, true, judge);
      }
      if (destination !== undefined) judgeWrite(pathOf(destination, judge), judge);
      return;
    }
    default:
      return;
  }
}
