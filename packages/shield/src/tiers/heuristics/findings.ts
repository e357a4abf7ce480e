import type { Rule } from './registry.js';
import type { HeuristicResult } from './types.js';

interface Finding {
  readonly rule: Rule;
  readonly detail: string | undefined;
}

const MAX_REASONS = 3;
const MAX_DETAIL = 120;

function clip(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length > MAX_DETAIL ? `${flat.slice(0, MAX_DETAIL - 1)}…` : flat;
}

/** Collects what the rules noticed about one action and turns it into a decision. */
export class Findings {
  private readonly items: Finding[] = [];
  private anyBlock = false;

  /**
   * @param waived escalations already settled (the user asked for exactly this)
   * @param settledBlocks blocks settled by a request that described the whole action (see
   *   `intent/waivers.ts`); no other block ever is
   * @param settledFindings escalations settled one finding at a time, by what it was about
   */
  constructor(
    private readonly waived?: ReadonlySet<Rule>,
    private readonly settledBlocks?: ReadonlySet<Rule>,
    private readonly settledFindings?: ReadonlyMap<Rule, (detail: string) => boolean>,
  ) {}

  /** Records a finding once: the same rule with the same detail (none counts as '') adds nothing. */
  add(rule: Rule, detail?: string): void {
    if (this.waived !== undefined && rule.severity === 'escalate' && this.waived.has(rule)) return;
    if (this.settledBlocks?.has(rule) === true) return;
    if (rule.severity === 'escalate' && this.settledFindings?.get(rule)?.(detail ?? '') === true)
      return;
    const text = detail ?? '';
    // An action yields a handful of findings: a scan beats building a key string for a set.
    for (const finding of this.items)
      if (finding.rule === rule && (finding.detail ?? '') === text) return;
    this.items.push({ rule, detail });
    if (rule.severity === 'block') this.anyBlock = true;
  }

  /** Rules ask this after nearly every step, so it is kept up to date rather than searched for. */
  get blocked(): boolean {
    return this.anyBlock;
  }

  get empty(): boolean {
    return this.items.length === 0;
  }

  /** How many findings are recorded: a rule compares it before and after one command's judges. */
  get size(): number {
    return this.items.length;
  }

  /** Whether a finding's rule is one `matches` accepts. */
  some(matches: (rule: Rule) => boolean): boolean {
    return this.items.some((finding) => matches(finding.rule));
  }

  /** What each finding of `rule` was about, in the order found. */
  detailsOf(rule: Rule): string[] {
    return this.items.flatMap((f) => (f.rule === rule && f.detail !== undefined ? [f.detail] : []));
  }

  result(): HeuristicResult {
    const blocks = this.items.filter((f) => f.rule.severity === 'block');
    const escalations = this.items.filter((f) => f.rule.severity === 'escalate');
    const ruleIds = [...new Set([...blocks, ...escalations].map((f) => f.rule.id))];
    if (blocks.length > 0) {
      return {
        decision: 'BLOCK',
        // More independent reasons to block make the verdict surer, never certain.
        confidence: Math.min(0.99, 0.9 + 0.03 * (new Set(blocks.map((f) => f.rule.id)).size - 1)),
        reason: describe(blocks),
        ruleIds,
      };
    }
    if (escalations.length > 0) {
      return { decision: 'ESCALATE', confidence: 0.5, reason: describe(escalations), ruleIds };
    }
    return {
      decision: 'PASS',
      confidence: 0.6,
      reason: 'the heuristics recognised nothing harmful in this action',
      ruleIds: [],
    };
  }
}

function describe(findings: readonly Finding[]): string {
  const parts: string[] = [];
  const ruleSeen = new Set<string>();
  for (const finding of findings) {
    if (ruleSeen.has(finding.rule.id)) continue;
    ruleSeen.add(finding.rule.id);
    parts.push(
      finding.detail === undefined
        ? finding.rule.reason
        : `${finding.rule.reason} (${clip(finding.detail)})`,
    );
    if (parts.length === MAX_REASONS) break;
  }
  const more =
    ruleSeen.size < new Set(findings.map((finding) => finding.rule.id)).size ? '; …' : '';
  return `${parts.join('; ')}${more}`;
}
