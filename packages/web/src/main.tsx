import { render } from 'preact';
import { App } from './app.js';
import { Connection } from './connection.js';
import { LoginProblem } from './login-problem.js';
import './style.css';

const root = document.getElementById('app') as HTMLElement;

/** The link `parapet web` prints carries a one-time token in the fragment, which no server ever logs. */
async function logIn(token: string): Promise<{ ok: true } | { ok: false; title: string; detail: string }> {
  history.replaceState(null, '', '/');
  const response = await fetch('/api/login', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  }).catch(() => undefined);
  if (response?.status === 204) return { ok: true };
  if (response?.status === 429) {
    return { ok: false, title: 'Too many failed logins', detail: 'Logins are paused for a minute after repeated failures. Wait a minute, then use a new link.' };
  }
  if (!response) return { ok: false, title: 'The engine is not answering', detail: 'Is Parapet running? Start it with `npx parapet start`.' };
  return { ok: false, title: 'This login link was used or has expired', detail: 'Each link logs in one browser, once, within 15 minutes.' };
}

async function start(): Promise<void> {
  const login = /^#login=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (login?.[1]) {
    const outcome = await logIn(login[1]);
    if (!outcome.ok) {
      render(<LoginProblem title={outcome.title} detail={outcome.detail} />, root);
      return;
    }
  } else {
    const session = await fetch('/api/session', { credentials: 'same-origin' }).catch(() => undefined);
    if (session?.status !== 200) {
      render(<LoginProblem title="Not logged in" detail="Open the web UI through a login link: the engine lets in only browsers that used one." />, root);
      return;
    }
  }
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const connection = new Connection(`${scheme}://${location.host}/api/ws`);
  connection.connect();
  render(<App connection={connection} />, root);
}

void start();
