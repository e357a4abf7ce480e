/** Every non-empty string in a payload, depth-bounded: what the classifier reads. */
export function payloadTexts(payload: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > 8) return;
    if (typeof value === 'string') {
      if (value.trim() !== '') out.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
    } else if (value !== null && typeof value === 'object') {
      for (const item of Object.values(value)) visit(item, depth + 1);
    }
  };
  visit(payload, 0);
  return out;
}
