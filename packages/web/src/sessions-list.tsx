import { useState } from 'preact/hooks';
import type { SessionSummary__Output } from '@parapet/wire/messages';
import type { CallError, Connection } from './connection.js';

interface SessionsListProps {
  readonly connection: Connection;
  readonly sessions: readonly SessionSummary__Output[];
  readonly current: string | undefined;
  readonly onSelect: (sessionId: string | undefined) => void;
  /** After a rename or a delete (`deleted`: the id that is gone). */
  readonly onChanged: (deleted?: string) => void;
}

type Editing = { readonly kind: 'rename'; readonly title: string } | { readonly kind: 'delete' } | undefined;

/** Rename and delete for the selected session, through the same engine calls as the CLI's. */
function SessionActions({ connection, session, onChanged }: { connection: Connection; session: SessionSummary__Output; onChanged: (deleted?: string) => void }) {
  const [editing, setEditing] = useState<Editing>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const run = (call: Promise<unknown>, deleted?: string): void => {
    setProblem(undefined);
    call.then(
      () => {
        setEditing(undefined);
        onChanged(deleted);
      },
      (error: CallError) => setProblem(error.message),
    );
  };
  return (
    <div class="session-actions">
      {editing?.kind === 'rename' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            run(connection.call('RenameSession', { session_id: session.id, title: editing.title }));
          }}
        >
          <input aria-label="New title" value={editing.title} onInput={(event) => setEditing({ kind: 'rename', title: (event.target as HTMLInputElement).value })} />
          <button type="submit">Save</button>
          <button type="button" onClick={() => setEditing(undefined)}>Cancel</button>
        </form>
      ) : null}
      {editing?.kind === 'delete' ? (
        <div role="group" aria-label="Confirm deletion">
          <span>Delete this conversation? Its audit rows stay.</span>
          <button type="button" class="stop" onClick={() => run(connection.call('DeleteSession', { session_id: session.id }), session.id)}>
            Delete
          </button>
          <button type="button" onClick={() => setEditing(undefined)}>Cancel</button>
        </div>
      ) : null}
      {editing === undefined ? (
        <div>
          <button type="button" onClick={() => setEditing({ kind: 'rename', title: session.title })}>Rename</button>
          <button type="button" onClick={() => setEditing({ kind: 'delete' })}>Delete…</button>
        </div>
      ) : null}
      {problem !== undefined ? (
        <p class="problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The stored conversations, newest first, searchable by title; the selected one can be renamed or deleted. */
export function SessionsList({ connection, sessions, current, onSelect, onChanged }: SessionsListProps) {
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const shown = needle === '' ? sessions : sessions.filter((session) => (session.title || session.id).toLowerCase().includes(needle));
  return (
    <nav class="sessions" aria-label="Sessions">
      <button type="button" class="new-session" onClick={() => onSelect(undefined)}>
        + New conversation
      </button>
      <input type="search" placeholder="Search sessions" aria-label="Search sessions" value={query} onInput={(event) => setQuery((event.target as HTMLInputElement).value)} />
      <ul>
        {shown.map((session) => (
          <li key={session.id}>
            <button type="button" class={session.id === current ? 'current' : ''} aria-current={session.id === current ? 'page' : undefined} onClick={() => onSelect(session.id)}>
              <span class="title">{session.title || 'Untitled'}</span>
              <span class="muted">{session.message_count} messages · {new Date(session.updated_at).toLocaleString()}</span>
            </button>
            {session.id === current ? <SessionActions key={session.id} connection={connection} session={session} onChanged={onChanged} /> : null}
          </li>
        ))}
        {shown.length === 0 ? <li class="muted">{needle ? 'No session matches.' : 'No sessions yet.'}</li> : null}
      </ul>
    </nav>
  );
}
