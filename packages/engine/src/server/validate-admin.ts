import { ParapetError } from '@parapet/wire';
import type { PolicyGrantInput } from '@parapet/wire/client';
import { validateSessionId } from './validate-request.js';

const MAX_TITLE_CHARS = 200;
const CONTROL = /\p{Cc}/u;
const APPROVAL_ID = /^[0-9A-Za-z_-]{1,64}$/;
/** The policy schema's rule id shape. */
const GRANT_NAME = /^[a-z0-9][a-z0-9_.-]{0,99}$/;
const MAX_GLOB_CHARS = 1024;

const invalid = (message: string): ParapetError => new ParapetError('INVALID_ARGUMENT', message);

export function validateRename(request: { session_id: string; title: string }): { sessionId: string; title: string } {
  const title = request.title.trim();
  if (title === '' || [...title].length > MAX_TITLE_CHARS) throw invalid(`a session title is 1–${MAX_TITLE_CHARS} characters`);
  if (CONTROL.test(title)) throw invalid('a session title is one line without control characters');
  return { sessionId: validateSessionId(request.session_id), title };
}

export function validateGrantName(name: string): string {
  if (!GRANT_NAME.test(name)) throw invalid('a grant name is lowercase letters, digits, "_", "." and "-" (at most 100), starting with a letter or digit');
  return name;
}

export function validateGrantRequest(request: { approval_id: string; name: string; path_glob: string }): PolicyGrantInput {
  if (!APPROVAL_ID.test(request.approval_id)) throw invalid('approval id must be 1–64 letters, digits, "-" or "_"');
  if (request.path_glob.length > MAX_GLOB_CHARS || CONTROL.test(request.path_glob)) throw invalid(`a path glob is one line of at most ${MAX_GLOB_CHARS} characters`);
  return {
    approvalId: request.approval_id,
    ...(request.name !== '' ? { name: validateGrantName(request.name) } : {}),
    ...(request.path_glob !== '' ? { pathGlob: request.path_glob } : {}),
  };
}
