import { useEffect, useRef, useState } from 'preact/hooks';
import type { Approval__Output, Event__Output, GetHistoryResponse__Output } from '@parapet/wire/messages';
import { ActionCard } from './action-card.js';
import { ApprovalCard } from './approval-card.js';
import type { CallError, Connection, RunningStream } from './connection.js';
import { Markdown } from './markdown.js';
import { applyEvent, itemsFromHistory, laterApproval, type ChatItem } from './turn-items.js';

interface ChatViewProps {
  readonly connection: Connection;
  /** Undefined: a new conversation, created by its first message. */
  readonly sessionId: string | undefined;
  readonly onSessionCreated: (sessionId: string) => void;
  readonly onTurnFinished: () => void;
  /** Every approval the page knows of, by id, kept current by the approvals watch. */
  readonly approvals: ReadonlyMap<string, Approval__Output>;
  readonly onApproval: (approval: Approval__Output) => void;
}

async function loadHistory(connection: Connection, sessionId: string): Promise<ChatItem[]> {
  const items: ChatItem[] = [];
  let pageToken = '';
  do {
    const page = (await connection.call('GetHistory', { sessionId, pageToken })) as unknown as GetHistoryResponse__Output;
    items.push(...itemsFromHistory(page.messages));
    pageToken = page.next_page_token;
  } while (pageToken !== '');
  return items;
}

export function ChatView({ connection, sessionId, onSessionCreated, onTurnFinished, approvals, onApproval }: ChatViewProps) {
  const [items, setItems] = useState<ChatItem[]>([]);
  const [draft, setDraft] = useState('');
  const [running, setRunning] = useState<RunningStream | undefined>(undefined);
  const [collapsed, setCollapsed] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  /** The session a turn created is already on screen: do not reload it. */
  const createdHere = useRef<string | undefined>(undefined);

  useEffect(() => {
    setProblem(undefined);
    if (sessionId === undefined) {
      setItems([]);
      return;
    }
    if (createdHere.current === sessionId) return;
    let current = true;
    loadHistory(connection, sessionId).then(
      (loaded) => current && setItems(loaded),
      (error: CallError) => current && setProblem(`${error.code}: ${error.message}`),
    );
    return () => {
      current = false;
    };
  }, [connection, sessionId]);

  useEffect(() => endRef.current?.scrollIntoView({ block: 'end' }), [items]);

  const send = (): void => {
    const text = draft.trim();
    if (text === '' || running) return;
    const userKey = `local-${Date.now()}`;
    setDraft('');
    setProblem(undefined);
    setItems((previous) => [...previous, { kind: 'user', key: userKey, text }]);
    const stream = connection.sendMessage(sessionId === undefined ? { text } : { sessionId, text }, (event) => {
      const typed = event as unknown as Event__Output;
      if (typed.kind === 'session_created') {
        createdHere.current = typed.session_id;
        onSessionCreated(typed.session_id);
      }
      setItems((previous) => applyEvent(previous, typed, userKey));
    });
    setRunning(stream);
    stream.done
      .catch((error: CallError) => {
        if (error.code === 'TURN_CANCELLED') {
          setItems((previous) => [
            ...previous.map((item) => (item.kind === 'assistant' && item.streaming ? { ...item, streaming: false } : item)),
            { kind: 'error', key: `${userKey}-stopped`, code: 'TURN_CANCELLED', message: 'Stopped. Nothing more of this turn runs.' },
          ]);
        } else {
          setItems((previous) => [...previous, { kind: 'error', key: `${userKey}-failed`, code: error.code, message: error.message }]);
        }
      })
      .finally(() => {
        setRunning(undefined);
        onTurnFinished();
        inputRef.current?.focus();
      });
  };

  const stop = (): void => running?.cancel();

  // Questions of this session that no turn of this page brought (a turn another client started,
  // or one asked before the page was reloaded): shown after the conversation, answerable here.
  const shownHere = new Set(items.flatMap((item) => (item.kind === 'approval' ? [item.approval.id] : [])));
  const waitingElsewhere = [...approvals.values()].filter(
    (approval) => approval.session_id === sessionId && approval.state === 'pending' && !shownHere.has(approval.id),
  );
  const approvalCard = (approval: Approval__Output) => {
    const current = laterApproval(approval, approvals.get(approval.id) ?? approval);
    return <ApprovalCard key={`approval-${approval.id}`} connection={connection} approval={current} onAnswered={onApproval} />;
  };

  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape' && running) {
      event.preventDefault();
      stop();
    }
  };

  return (
    <section class="chat" aria-label="Conversation">
      <div class="chat-tools">
        <label class="toggle">
          <input type="checkbox" checked={collapsed} onChange={(event) => setCollapsed((event.target as HTMLInputElement).checked)} />
          Collapse tool calls
        </label>
      </div>
      <div class="messages" data-testid="messages" aria-live="polite">
        {items.length === 0 && !problem ? <p class="empty">Ask something. Every action the agent proposes is checked by the Shield and shown here.</p> : null}
        {problem ? <p class="problem">{problem}</p> : null}
        {items.map((item) => {
          switch (item.kind) {
            case 'user':
              return (
                <div class="message user" key={item.key} data-testid="user-message">
                  <div class="text">{item.text}</div>
                  {item.queuedAhead !== undefined ? <div class="muted">queued: {item.queuedAhead} turn(s) ahead</div> : null}
                </div>
              );
            case 'assistant':
              return (
                <div class={`message assistant ${item.streaming ? 'streaming' : ''}`} key={item.key} data-testid="assistant-message">
                  <Markdown text={item.text} />
                </div>
              );
            case 'action':
              return <ActionCard key={item.key} action={item.action} collapsed={collapsed} />;
            case 'approval':
              return approvalCard(item.approval);
            case 'notice':
              return (
                <p class="notice" key={item.key} data-testid="turn-notice">
                  {item.text}
                </p>
              );
            case 'error':
              return (
                <div class="message error" key={item.key} data-testid="turn-error" role="status">
                  <strong>{item.code}</strong> {item.message}
                </div>
              );
          }
        })}
        {waitingElsewhere.map(approvalCard)}
        <div ref={endRef} />
      </div>
      <form
        class="composer"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <textarea
          ref={inputRef}
          value={draft}
          rows={2}
          placeholder="Message Parapet (Enter sends, Shift+Enter new line, Esc stops)"
          aria-label="Message"
          onInput={(event) => setDraft((event.target as HTMLTextAreaElement).value)}
          onKeyDown={onKeyDown}
        />
        {running ? (
          <button type="button" class="stop" onClick={stop}>
            Stop
          </button>
        ) : (
          <button type="submit" class="send" disabled={draft.trim() === ''}>
            Send
          </button>
        )}
      </form>
    </section>
  );
}
