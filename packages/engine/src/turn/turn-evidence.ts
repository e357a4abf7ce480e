import { inducementIn } from '@parapet/shield';
import type { ShieldTurnContext } from '../pipeline/index.js';
import type { HistoryEntry, PromptFile } from './ports.js';

/**
 * How much of what the turn read the Shield is shown, in characters. The inducement rules and the
 * classifier scan it again for every action the turn proposes, so it is bounded; the newest reads
 * are kept because they are what the next action follows.
 */
export const MAX_CONTEXT_TEXT_CHARS = 16 * 1024;
/** The user's message leads the context text; a huge paste keeps only its start there. */
const MAX_USER_TEXT_CHARS = 4 * 1024;
/**
 * Signs of inducement kept per turn, and the length of each. The Shield acts on the first; the
 * rest explain the verdict. A read that padded its injection out of the window still counts.
 */
const MAX_KEPT_SIGNALS = 8;
const MAX_SIGNAL_CHARS = 200;
/** A long result is scanned in overlapping slices, so a phrase across a cut is still seen. */
const SCAN_SLICE_CHARS = 64 * 1024;
const SCAN_OVERLAP_CHARS = 1024;

/** Prompt files the user writes; any other (MEMORY.md: the agent's own notes) is not their words. */
const USERS_PROMPT_FILES: ReadonlySet<string> = new Set(['IDENTITY.md', 'SOUL.md', 'USER.md', 'PROMPT.md']);

/** What the model was given besides the user's words at the start of a turn. */
export interface TurnSources {
  readonly history: readonly HistoryEntry[];
  /** A compaction summary: written by the model from earlier turns, tool results included. */
  readonly earlierSummary: string;
  readonly promptFiles: readonly PromptFile[];
  /** The session holds the IFC label `external` (it read content from outside before). */
  readonly externalLabel: boolean;
}

/** Anything but the user's own words in front of the model; unsure counts as outside content. */
export function carriesOutsideContent(sources: TurnSources): boolean {
  if (sources.externalLabel || sources.earlierSummary.trim() !== '') return true;
  if (sources.history.some((entry) => entry.role === 'tool')) return true;
  return sources.promptFiles.some((file) => !USERS_PROMPT_FILES.has(file.name) && file.content.trim() !== '');
}

/**
 * What the engine knows of a turn, for the Shield: the user's stored message (the engine's record,
 * which the agent cannot forge), whether outside content is in play, the text of this turn's
 * newest tool results (what a compromised model may have read), and the signs of inducement found
 * in every result as it arrived. Texts arrive redacted.
 */
export class TurnEvidence {
  readonly #userText: string;
  #outsideContent: boolean;
  readonly #reads: string[] = [];
  #readChars = 0;
  /** What forShield returned since the last read: every proposal of a reply shares it. */
  #shown: ShieldTurnContext | undefined;
  readonly #signals: string[] = [];

  constructor(userText: string, outsideContent: boolean) {
    this.#userText = userText;
    this.#outsideContent = outsideContent;
  }

  /**
   * A tool's result as the model reads it: outside content from now on. It is scanned once here,
   * whole, so what it tried to steer is remembered after the text itself leaves the window.
   */
  read(content: string): void {
    this.#shown = undefined;
    this.#outsideContent = true;
    if (content === '') return;
    this.#keepSignal(content);
    this.#reads.push(content);
    this.#readChars += content.length;
    while (this.#reads.length > 1 && this.#readChars - (this.#reads[0]?.length ?? 0) >= MAX_CONTEXT_TEXT_CHARS) {
      this.#readChars -= this.#reads.shift()?.length ?? 0;
    }
  }

  #keepSignal(content: string): void {
    if (this.#signals.length >= MAX_KEPT_SIGNALS) return;
    for (let start = 0; start < content.length; start += SCAN_SLICE_CHARS - SCAN_OVERLAP_CHARS) {
      const signal = inducementIn(content.slice(start, start + SCAN_SLICE_CHARS));
      if (signal !== undefined) {
        this.#signals.push(signal.slice(0, MAX_SIGNAL_CHARS));
        return;
      }
    }
  }

  forShield(): ShieldTurnContext {
    this.#shown ??= this.#build();
    return this.#shown;
  }

  #build(): ShieldTurnContext {
    const user = this.#userText.slice(0, MAX_USER_TEXT_CHARS);
    const reads = this.#reads.join('\n\n');
    const room = MAX_CONTEXT_TEXT_CHARS - user.length - 2;
    const recent = reads.length > room ? reads.slice(reads.length - room) : reads;
    const contextText = recent === '' ? user : `${user}\n\n${recent}`;
    return {
      contextText,
      contextSignals: [...this.#signals],
      userRequest: { text: this.#userText, untrustedContent: this.#outsideContent },
    };
  }
}
