import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ListSessionsResponse__Output, SessionSummary__Output } from '@parapet/wire/messages';
import { AuditView } from './audit-view.js';
import { ChatView } from './chat-view.js';
import type { Connection, ConnectionState } from './connection.js';
import { LoginProblem } from './login-problem.js';
import { SessionsList } from './sessions-list.js';
import { ShieldView } from './shield-view.js';
import { StatusView } from './status-view.js';

type View = 'chat' | 'audit' | 'shield' | 'status';

const VIEWS: readonly { readonly id: View; readonly label: string; readonly key: string }[] = [
  { id: 'chat', label: 'Chat', key: '1' },
  { id: 'audit', label: 'Audit', key: '2' },
  { id: 'shield', label: 'Shield', key: '3' },
  { id: 'status', label: 'Status', key: '4' },
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
    // Alt+1…4 switch views from anywhere, without stealing keys from the message box.
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
            <ChatView connection={connection} sessionId={sessionId} onSessionCreated={setSessionId} onTurnFinished={refreshSessions} />
          ) : null}
          {view === 'audit' ? <AuditView connection={connection} /> : null}
          {view === 'shield' ? <ShieldView connection={connection} /> : null}
          {view === 'status' ? <StatusView connection={connection} /> : null}
        </main>
      </div>
    </div>
  );
}
