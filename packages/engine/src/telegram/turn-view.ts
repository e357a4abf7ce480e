import { turnNotice, type EngineEvent } from '@parapet/wire/client';
import type { Piece } from './html.js';

interface TextSegment {
  readonly kind: 'text';
  text: string;
}

interface ToolSegment {
  readonly kind: 'tool';
  readonly actionId: string;
  readonly callId: string;
  readonly toolName: string;
  readonly summary: string;
  decision: string;
  outcome: 'pending' | 'ok' | 'error';
  errorCode: string;
}

interface NoteSegment {
  readonly kind: 'note';
  readonly text: string;
}

type Segment = TextSegment | ToolSegment | NoteSegment;

const SUMMARY_MAX_CHARS = 80;
const SUMMARY_KEYS = ['path', 'command', 'source', 'destination', 'query', 'pattern', 'groups'];

/** The argument a user recognises a call by (a path, a command), cut short. */
function summarize(argumentsJson: string): string {
  let value: unknown;
  try {
    const parsed: unknown = JSON.parse(argumentsJson);
    if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>;
      const key = SUMMARY_KEYS.find((name) => record[name] !== undefined);
      value = key === undefined ? Object.values(record)[0] : record[key];
    }
  } catch {
    value = argumentsJson;
  }
  if (value === undefined) return '';
  const text = (typeof value === 'string' ? value : JSON.stringify(value)).replace(/\s+/g, ' ');
  return text.length > SUMMARY_MAX_CHARS ? `${text.slice(0, SUMMARY_MAX_CHARS - 1)}…` : text;
}

/**
 * What a chat shows of one turn: the answer as it streams, and each tool call on one line with
 * the Shield's verdict and its outcome. It only grows, so messages already sent keep their text.
 */
export class TurnView {
  private readonly segments: Segment[] = [];
  private finished = false;

  get done(): boolean {
    return this.finished;
  }

  apply(event: EngineEvent): void {
    switch (event.type) {
      case 'turn_queued':
        this.segments.push({ kind: 'note', text: `queued behind ${event.turnsAhead} turn${event.turnsAhead === 1 ? '' : 's'}` });
        break;
      case 'llm_token':
        this.appendText(event.text);
        break;
      case 'action_started':
        this.segments.push({
          kind: 'tool',
          actionId: event.actionId,
          callId: event.callId,
          toolName: event.toolName,
          summary: summarize(event.argumentsJson),
          decision: '',
          outcome: 'pending',
          errorCode: '',
        });
        break;
      case 'shield_verdict': {
        const tool = this.tools().find((segment) => segment.actionId !== '' && segment.actionId === event.actionId);
        // Tiers 2 and 3 (a model or a human judged it) are worth naming; 0 and 1 are the routine.
        if (tool) tool.decision = event.tier >= 2 ? `${event.decision} (tier ${event.tier})` : event.decision;
        break;
      }
      case 'action_completed': {
        const tool = this.tools().find((segment) => segment.callId === event.callId && segment.outcome === 'pending');
        if (tool) {
          tool.outcome = event.isError ? 'error' : 'ok';
          tool.errorCode = event.errorCode;
        }
        break;
      }
      case 'response_complete':
        this.settleAnswer(event.content);
        this.finished = true;
        break;
      case 'error':
        this.fail(`${event.code}: ${event.message}`);
        break;
      default: {
        const notice = turnNotice(event);
        if (notice !== undefined) this.segments.push({ kind: 'note', text: notice });
        break;
      }
    }
  }

  /** The turn ended without an answer (an error, or the stream stopped). */
  fail(note: string): void {
    if (this.finished) return;
    this.segments.push({ kind: 'note', text: note });
    this.finished = true;
  }

  pieces(): Piece[] {
    const out: Piece[] = [];
    // Tool lines and notes stand on their own lines; answer text flows as the model wrote it.
    let lineEnded = true;
    const startLine = (): void => {
      if (!lineEnded) out.push({ text: '\n', style: 'plain' });
    };
    for (const segment of this.segments) {
      if (segment.kind === 'text') {
        startLine();
        out.push({ text: segment.text, style: 'plain' });
        lineEnded = segment.text.endsWith('\n');
        continue;
      }
      startLine();
      if (segment.kind === 'note') {
        out.push({ text: segment.text, style: 'italic' });
      } else {
        out.push({ text: '⚙ ', style: 'plain' }, { text: segment.toolName, style: 'code' });
        if (segment.summary) out.push({ text: ` ${segment.summary}`, style: 'plain' });
        if (segment.decision) out.push({ text: ' · ', style: 'plain' }, { text: segment.decision, style: 'bold' });
        if (segment.outcome === 'ok') out.push({ text: ' ✓', style: 'plain' });
        if (segment.outcome === 'error') out.push({ text: ` ✗ ${segment.errorCode || 'failed'}`, style: 'plain' });
      }
      lineEnded = false;
    }
    if (this.finished && out.every((piece) => piece.text.trim() === '')) out.push({ text: '(no answer)', style: 'italic' });
    return out;
  }

  private tools(): ToolSegment[] {
    return this.segments.filter((segment): segment is ToolSegment => segment.kind === 'tool');
  }

  private appendText(text: string): void {
    const last = this.segments.at(-1);
    if (last?.kind === 'text') last.text += text;
    else this.segments.push({ kind: 'text', text });
  }

  /** The stored answer is the truth: the streamed tail of the last round is replaced by it. */
  private settleAnswer(content: string): void {
    const last = this.segments.at(-1);
    if (last?.kind === 'text') {
      if (content.startsWith(last.text)) last.text = content;
      else if (content !== '') this.segments.push({ kind: 'text', text: `\n${content}` });
    } else if (content !== '') {
      this.segments.push({ kind: 'text', text: content });
    }
  }
}
