import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Approval__Output, Event__Output, ListSessionsResponse__Output, SessionSummary__Output } from '@parapet/wire/messages';
import { AuditView } from './audit-view.js';
import { ChatView } from './chat-view.js';
import { ChronicleView } from './chronicle-view.js';
import type { Connection, ConnectionState } from './connection.js';
import { LoginProblem } from './login-problem.js';
import { SessionsList } from './sessions-list.js';
import { ShieldView } from './shield-view.js';
import { StatusView } from './status-view.js';
import { laterApproval } from './turn-items.js';

type View = 'chat' | 'audit' | 'shield' | 'status' | 'chronicle';

const VIEWS: readonly { readonly id: View; readonly label: string; readonly key: string }[] = [
  { id: 'chat', label: 'Chat', key: '1' },
  { id: 'audit', label: 'Audit', key: '2' },
  { id: 'shield', label: 'Shield', key: '3' },
  { id: 'status', label: 'Status', key: '4' },
  { id: 'chronicle', label: 'Chronicle', key: '5' },
];

function Banner({ state }: { state: ConnectionState }) {
  if (state.kind === 'reconnecting') {
    return (
      <div class="banner" role="alert" data-testid="reconnect-banner">
        Connection to the engine lost — reconnecting in {Math.round(state.inMs / 100) / 10} s (attempt {state.attempt}). A turn that was running
        was stopped.
      </div>
    );
  }
  if (state.kind === 'connecting') return <div class="banner quiet">Connecting…</div>;
  return null;
}

export function App({ connection }: { connection: Connection }) {
  const [state, setState] = useState<ConnectionState>(connection.state);
  const [view, setView] = useState<View>('chat');
  const [sessions, setSessions] = useState<readonly SessionSummary__Output[]>([]);
  const [sessionId, setSessionId] = useState<string | undefined>(undefined);
  const [menuOpen, setMenuOpen] = useState(false);
  const [approvals, setApprovals] = useState<ReadonlyMap<string, Approval__Output>>(new Map());

  const noteApproval = useCallback((approval: Approval__Output): void => {
    setApprovals((previous) => {
      const next = new Map(previous);
      next.set(approval.id, laterApproval(previous.get(approval.id), approval));
      return next;
    });
  }, []);

  useEffect(() => {
    if (state.kind !== 'open') return;
    // Every session's questions, from what waits now on: the same Watch the CLI's `approvals --watch` uses.
    const watch = connection.watch({}, (event) => {
      const typed = event as unknown as Event__Output;
      const approval = typed.approval_required?.approval ?? typed.approval_resolved?.approval;
      if (approval) noteApproval(approval);
    });
    watch.done.catch(() => undefined);
    return () => watch.cancel();
  }, [connection, state.kind, noteApproval]);

  const waiting = [...approvals.values()].filter((approval) => approval.state === 'pending').length;

  useEffect(() => {
    const unsubscribe = connection.onState(setState);
    // The socket may have opened between the first render and this subscription.
    setState(connection.state);
    return unsubscribe;
  }, [connection]);

  const refreshSessions = useCallback((): void => {
    connection.call('ListSessions', { limit: 200 }).then(
      (response) => setSessions((response as unknown as ListSessionsResponse__Output).sessions),
      () => undefined,
    );
  }, [connection]);

  useEffect(() => {
    if (state.kind === 'open') refreshSessions();
  }, [state, refreshSessions]);

  useEffect(() => {
    // Alt+1…5 switch views from anywhere, without stealing keys from the message box.
    const onKey = (event: KeyboardEvent): void => {
      if (!event.altKey) return;
      const target = VIEWS.find((entry) => entry.key === event.key);
      if (target) {
        event.preventDefault();
        setView(target.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (state.kind === 'logged-out') {
    return <LoginProblem title="This browser is logged out" detail="The engine no longer knows this browser (it restarted, or the login expired)." />;
  }

  return (
    <div class="layout">
      <header>
        <button type="button" class="menu" aria-label="Sessions" aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
          ☰
        </button>
        <h1>Parapet</h1>
        <nav class="tabs" aria-label="Views">
          {VIEWS.map((entry) => (
            <button type="button" class={view === entry.id ? 'current' : ''} aria-current={view === entry.id ? 'page' : undefined} title={`Alt+${entry.key}`} onClick={() => setView(entry.id)}>
              {entry.label}
              {entry.id === 'chat' && waiting > 0 ? <span class="waiting" data-testid="approvals-waiting">{` · ${waiting} waiting`}</span> : null}
            </button>
          ))}
        </nav>
      </header>
      <Banner state={state} />
      <div class={`body ${menuOpen ? 'menu-open' : ''}`}>
        {view === 'chat' ? (
          <SessionsList
            connection={connection}
            sessions={sessions}
            current={sessionId}
            onChanged={(deleted) => {
              if (deleted !== undefined && deleted === sessionId) setSessionId(undefined);
              refreshSessions();
            }}
            onSelect={(id) => {
              setSessionId(id);
              setMenuOpen(false);
            }}
          />
        ) : null}
        <main>
          {view === 'chat' ? (
            <ChatView
              connection={connection}
              sessionId={sessionId}
              onSessionCreated={setSessionId}
              onTurnFinished={refreshSessions}
              approvals={approvals}
              onApproval={noteApproval}
            />
          ) : null}
          {view === 'audit' ? <AuditView connection={connection} /> : null}
          {view === 'shield' ? <ShieldView connection={connection} /> : null}
          {view === 'status' ? <StatusView connection={connection} /> : null}
          {view === 'chronicle' ? <ChronicleView connection={connection} /> : null}
        </main>
      </div>
    </div>
  );
}
