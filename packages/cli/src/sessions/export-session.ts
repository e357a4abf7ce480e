import { createRedactor } from '@parapet/engine/client';
import { type ClientApi, type HistoryMessage, type SessionSummary } from '@parapet/wire/client';

export interface SessionExport {
  readonly session: SessionSummary;
  readonly messages: readonly HistoryMessage[];
}

/** Every page of a session, with each text passed through the redactor once more before it leaves. */
export async function readSessionForExport(client: ClientApi, id: string): Promise<SessionExport> {
  const redactor = createRedactor();
  let session: SessionSummary | undefined;
  const messages: HistoryMessage[] = [];
  let pageToken = '';
  do {
    const page = await client.getHistory(id, pageToken === '' ? {} : { pageToken });
    session ??= page.session;
    messages.push(...page.messages);
    pageToken = page.nextPageToken;
  } while (pageToken !== '');
  // getHistory throws SESSION_NOT_FOUND before this for an unknown id.
  const found = session as SessionSummary;
  return redactor.redactValue({ session: found, messages });
}

const SPEAKERS: Readonly<Record<string, string>> = { user: 'You', assistant: 'Parapet', system: 'System', tool: 'Tool' };

export function sessionMarkdown({ session, messages }: SessionExport): string {
  const title = session.title.trim() === '' ? `Session ${session.id}` : session.title.trim();
  const parts = [`# ${title}\n`, `Session \`${session.id}\` · started ${session.createdAt} · ${session.messageCount} messages\n`];
  for (const message of messages) {
    parts.push(`## ${SPEAKERS[message.role] ?? message.role} · ${message.createdAt}\n`, `${message.content.trimEnd()}\n`);
  }
  return parts.join('\n');
}
