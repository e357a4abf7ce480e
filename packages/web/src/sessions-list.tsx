import { useState } from 'preact/hooks';
import type { SessionSummary__Output } from '@parapet/wire/messages';

interface SessionsListProps {
  readonly sessions: readonly SessionSummary__Output[];
  readonly current: string | undefined;
  readonly onSelect: (sessionId: string | undefined) => void;
}

/** The stored conversations, newest first, searchable by title. */
export function SessionsList({ sessions, current, onSelect }: SessionsListProps) {
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
          </li>
        ))}
        {shown.length === 0 ? <li class="muted">{needle ? 'No session matches.' : 'No sessions yet.'}</li> : null}
      </ul>
    </nav>
  );
}
