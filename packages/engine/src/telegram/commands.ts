import { ParapetError } from '@parapet/wire';
import type { ClientApi } from '@parapet/wire/client';
import type { Chats } from './chats.js';
import type { Piece } from './html.js';

const SESSIONS_SHOWN = 10;

const plain = (text: string): Piece => ({ text, style: 'plain' });
const code = (text: string): Piece => ({ text, style: 'code' });
const bold = (text: string): Piece => ({ text, style: 'bold' });

export const HELP: readonly Piece[] = [
  bold('Parapet'),
  plain('\nWrite a message to talk to the agent in this chat\'s session.\n\n'),
  code('/new'),
  plain(' start a new session\n'),
  code('/sessions'),
  plain(' recent sessions\n'),
  code('/use ID'),
  plain(' continue a session\n'),
  code('/status'),
  plain(' engine, agent and bot state\n'),
  code('/stop'),
  plain(' cancel the running answer\n'),
  code('/help'),
  plain(' this list'),
];

export interface CommandContext {
  readonly api: ClientApi;
  readonly chats: Chats;
  readonly chatId: number;
}

/** `/name args` → the reply; undefined: not a command of this bot. */
export async function runCommand(context: CommandContext, name: string, args: string): Promise<readonly Piece[] | undefined> {
  const { api, chats, chatId } = context;
  switch (name) {
    case 'start':
    case 'help':
      return HELP;
    case 'new':
      chats.startNew(chatId);
      return [plain('Your next message starts a new session.')];
    case 'sessions': {
      const sessions = await api.listSessions(SESSIONS_SHOWN);
      if (sessions.length === 0) return [plain('No sessions yet.')];
      const current = chats.sessionOf(chatId);
      return sessions.flatMap((session, index) => [
        ...(index > 0 ? [plain('\n')] : []),
        code(session.id),
        plain(` ${session.id === current ? '▶ ' : ''}${session.title || '(untitled)'} · ${session.messageCount} messages`),
      ]);
    }
    case 'use': {
      const id = args.trim();
      if (id === '') return [plain('Usage: '), code('/use ID'), plain(' (see '), code('/sessions'), plain(')')];
      try {
        const history = await api.getHistory(id, { limit: 1 });
        chats.use(chatId, history.session.id);
        return [plain('Now in '), bold(history.session.title || '(untitled)'), plain(' '), code(history.session.id)];
      } catch (error) {
        if (error instanceof ParapetError && (error.code === 'SESSION_NOT_FOUND' || error.code === 'INVALID_ARGUMENT')) {
          return [plain('No session with id '), code(id)];
        }
        throw error;
      }
    }
    case 'stop': {
      const stopped = chats.stopAll(chatId);
      return [plain(stopped === 0 ? 'Nothing is running.' : `Stopping ${stopped} running answer${stopped === 1 ? '' : 's'}.`)];
    }
    case 'status': {
      const status = await api.status();
      const session = chats.sessionOf(chatId);
      return [
        bold('engine'),
        plain(` pid ${status.engine.pid} · v${status.engine.version}\n`),
        bold('agent'),
        plain(` ${status.agent.state}${status.agent.degraded ? ' (degraded)' : ''} · sandbox ${status.sandbox.mode}\n`),
        bold('model'),
        plain(` ${status.model.demo ? 'demo' : status.model.model}\n`),
        bold('bot'),
        plain(` ${status.telegram.state} · ${status.telegram.allowedUsers} allowed users\n`),
        bold('session'),
        plain(' '),
        session ? code(session) : plain('none yet (your next message starts one)'),
      ];
    }
    default:
      return undefined;
  }
}
