import type { HistoryEntry, PromptFile } from './ports.js';
import type { HistoryConfig } from '../config/types.js';
import type { HistoryWatermark, PositionedMessage } from '../storage/index.js';
import { buildAgentHistory } from './agent-history.js';
import { compactionCut } from './history-budget.js';
import { countMessageTokens, type CountTokens } from './token-count.js';

/** The prompt's guides and tool-group list, on top of the workspace files it quotes. */
const SYSTEM_PROMPT_OVERHEAD_TOKENS = 400;
/** A summary the agent reports is cut to this many characters before it is stored. */
const MAX_SUMMARY_CHARS = 32_000;

export interface HistorySource {
  /** The session's messages after the watermark, before this turn's own message. */
  readonly rows: readonly PositionedMessage[];
  readonly watermark: HistoryWatermark | undefined;
}

export interface PreparedHistory {
  readonly history: HistoryEntry[];
  readonly earlierSummary: string;
  /** > 0: the agent should fold this many history messages into the summary first. */
  readonly compactBefore: number;
  /**
   * The new watermark for the agent's report that it folded the next `covered` messages into
   * `summary` (counted from where its last fold in this turn ended); undefined when the report
   * does not end at a turn boundary of the history sent.
   */
  watermarkFor(summary: string, covered: number): HistoryWatermark | undefined;
}

export interface HistoryLimits {
  readonly contextWindow: number;
  readonly replyReserve: number;
  readonly compactAt: number;
  readonly freshToolTurns: number;
}

/** The window and fresh-result rule for `model` (`history.models` overrides the defaults). */
export function historyLimitsFor(config: HistoryConfig, model: string): HistoryLimits {
  return {
    contextWindow: config.models[model]?.contextWindow ?? config.contextWindow,
    replyReserve: config.replyReserve,
    compactAt: config.compactAt,
    freshToolTurns: config.freshToolTurns,
  };
}

/**
 * What a turn sends of its session: the summary up to the watermark and the messages after it with
 * their tool work, and whether the agent must compact first (history past `compactAt` of the budget).
 */
export function prepareHistory(source: HistorySource, context: readonly PromptFile[], limits: HistoryLimits, count: CountTokens): PreparedHistory {
  const { messages, positions } = buildAgentHistory(source.rows, limits.freshToolTurns);
  const earlierSummary = source.watermark?.summary ?? '';
  const systemTokens = SYSTEM_PROMPT_OVERHEAD_TOKENS + context.reduce((sum, file) => sum + count(file.content), 0);
  const budgetTokens = Math.max(0, limits.contextWindow - limits.replyReserve - systemTokens);
  const tokens = messages.map((message) => countMessageTokens(message, count));
  const summaryTokens = earlierSummary === '' ? 0 : count(earlierSummary);
  const compactBefore = compactionCut(messages, tokens, summaryTokens, { budgetTokens, compactAt: limits.compactAt });
  let folded = 0;
  return {
    history: messages,
    earlierSummary,
    compactBefore,
    watermarkFor(summary, covered) {
      const end = folded + covered;
      if (covered <= 0 || end > messages.length) return undefined;
      if (end < messages.length && messages[end]?.role !== 'user') return undefined;
      const throughPosition = positions[end - 1];
      if (throughPosition === undefined) return undefined;
      folded = end;
      return { throughPosition, summary: summary.trim().slice(0, MAX_SUMMARY_CHARS) };
    },
  };
}
