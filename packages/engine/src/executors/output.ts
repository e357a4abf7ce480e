import path from 'node:path';

/** Cuts `text` to `maxBytes` of UTF-8, with a marker saying how much was left out. */
export function capOutput(text: string, maxBytes: number): string {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= maxBytes) return text;
  const head = Buffer.from(text, 'utf8').subarray(0, maxBytes).toString('utf8').replace(/\uFFFD+$/u, '');
  return `${head}\n[truncated: output was ${bytes} bytes, showing the first ${Buffer.byteLength(head, 'utf8')}]`;
}

/** How a path is shown to the model and the user: relative to the workspace root. */
export function shownPath(workspace: string, absolute: string): string {
  const relative = path.relative(workspace, absolute);
  return relative === '' ? '.' : relative;
}

export function payloadPath(payload: Readonly<Record<string, unknown>>, field: string): string {
  const value = payload[field];
  if (typeof value !== 'string' || !path.isAbsolute(value)) {
    // The pipeline resolves every path field before execution; anything else is a wiring bug.
    throw new TypeError(`executor: payload.${field} is not a resolved absolute path`);
  }
  return value;
}
