import type { TraceSpanView, TurnTraceView } from '@parapet/wire/client';

/** A trace is data: nothing in it may move the cursor or recolour the terminal. */
const isControl = (code: number): boolean => code < 0x20 || (code >= 0x7f && code <= 0x9f);
const printable = (text: string): string =>
  Array.from(text, (char) => (isControl(char.codePointAt(0) ?? 0) ? '?' : char)).join('');

const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 1)} ms`;

function attributeText(attributes: TraceSpanView['attributes']): string {
  return Object.entries(attributes)
    .map(([key, value]) => `${printable(key)}=${typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(2) : printable(String(value))}`)
    .join(' ');
}

/**
 * The turn's spans as a tree: each line names a stage, how long it took and when it started after
 * the turn began (so calls that ran at the same time show overlapping starts), then its details.
 */
export function renderTrace(trace: TurnTraceView): string {
  const children = new Map<number, TraceSpanView[]>();
  for (const span of trace.spans) {
    const siblings = children.get(span.parentId) ?? [];
    siblings.push(span);
    children.set(span.parentId, siblings);
  }
  const roots = children.get(0) ?? [];
  const origin = roots[0]?.startedAtMs ?? trace.spans[0]?.startedAtMs ?? 0;
  const rows: { label: string; span: TraceSpanView }[] = [];
  const walk = (span: TraceSpanView, lead: string, branch: string): void => {
    rows.push({ label: `${lead}${branch}${printable(span.name)}`, span });
    const kids = children.get(span.spanId) ?? [];
    const nextLead = lead + (branch === '' ? '' : branch === '└─ ' ? '   ' : '│  ');
    kids.forEach((kid, index) => walk(kid, nextLead, index === kids.length - 1 ? '└─ ' : '├─ '));
  };
  for (const root of roots) walk(root, '', '');
  const width = Math.max(...rows.map((row) => row.label.length), 10);
  const lines = [`trace of turn ${printable(trace.turnId)}`];
  for (const { label, span } of rows) {
    const details = attributeText(span.attributes);
    const timing = `${ms(span.durationMs).padStart(11)}  +${ms(span.startedAtMs - origin).padStart(10)}`;
    lines.push(`${label.padEnd(width)}  ${timing}${details === '' ? '' : `  ${details}`}`);
  }
  return `${lines.join('\n')}\n`;
}
