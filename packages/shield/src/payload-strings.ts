/**
 * Every string value in an action's payload, however it nests (to a depth of 8), in order; its
 * keys are not among them. Tier 1's classifier and the heuristics both read payloads this way.
 */
export function payloadStrings(value: unknown): string[] {
  const out: string[] = [];
  const visit = (v: unknown, depth: number): void => {
    if (depth > 8) return;
    if (typeof v === 'string') out.push(v);
    else if (v !== null && typeof v === 'object')
      for (const item of Array.isArray(v) ? v : Object.values(v)) visit(item, depth + 1);
  };
  visit(value, 0);
  return out;
}
