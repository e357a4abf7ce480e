import { createInterface } from 'node:readline';
import { ParapetError } from '@parapet/wire';
import { APPROVAL_QUESTION, parseAnswer, type ApprovalPrompter } from '../approval-prompt.js';
import type { EngineClient } from '../client.js';
import type { CliIo } from '../io.js';
import { renderSessions } from '../render-tables.js';
import { runTurn } from '../turn.js';
import { InputHistory } from './input-history.js';
import { markdownStream } from './markdown-stream.js';
import { MessageBuilder } from './message-builder.js';
import { DISABLE_BRACKETED_PASTE, ENABLE_BRACKETED_PASTE, pasteAwareInput } from './paste-stream.js';
import { parseSlashCommand, SLASH_HELP, unescapeMessage, type SlashCommand } from './slash-commands.js';
import { withSpinner } from './spinner.js';

export interface ChatOptions {
  readonly home: string;
  readonly sessionId?: string;
  readonly color: boolean;
}

const PROMPT = 'you> ';
const CONTINUATION_PROMPT = '...> ';
/** A second Ctrl-C at the prompt within this time leaves. */
const DOUBLE_INTERRUPT_MS = 2_000;

type TtyIn = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/**
 * The interactive chat: lines become messages (pastes and continued lines stay whole), slash
 * commands stay local, one turn runs at a time (what is typed meanwhile waits its turn), Ctrl-C
 * cancels a turn, twice at the prompt (or Ctrl-D) leaves. Resolves with the exit code.
 */
export async function runChat(client: EngineClient, io: CliIo, options: ChatOptions): Promise<number> {
  const status = await client.status();
  const stdin = io.stdin as TtyIn;
  const interactive = io.stdout.isTTY === true && stdin.isTTY === true;
  const history = interactive ? await InputHistory.open(options.home) : undefined;
  if (interactive) stdin.setRawMode?.(true);
  const input = interactive ? stdin.pipe(pasteAwareInput()) : stdin;
  const lines = createInterface({ input, output: io.stdout, terminal: interactive, prompt: PROMPT, history: history?.newestFirst() ?? [], historySize: 500 });
  if (interactive) io.stdout.write(ENABLE_BRACKETED_PASTE);

  const builder = new MessageBuilder();
  const queue: string[] = [];
  let sessionId = options.sessionId;
  let turn: AbortController | undefined;
  let inputClosed = false;
  let leaving = false;
  let lastInterrupt = 0;
  let exitCode = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const say = (text: string): void => void io.stdout.write(text);
  const prompt = (): void => {
    if (!interactive || leaving) return;
    lines.setPrompt(builder.continuing ? CONTINUATION_PROMPT : PROMPT);
    lines.prompt();
  };
  const maybeFinish = (): void => {
    if (turn || (queue.length > 0 && !leaving)) return;
    if (leaving || inputClosed) finish();
  };
  /** Set while an approval waits for its answer: the next line typed answers it instead of being a message. */
  let answering: ((line: string | undefined) => void) | undefined;
  const prompter: ApprovalPrompter = (_approval, signal) =>
    new Promise((resolve) => {
      if (inputClosed || signal.aborted) return resolve(undefined);
      const done = (line: string | undefined): void => {
        signal.removeEventListener('abort', onGone);
        answering = undefined;
        // Input that ended leaves the question to other clients (or its timeout) rather than answering it.
        resolve(line === undefined ? undefined : parseAnswer(line));
      };
      const onGone = (): void => done(undefined);
      answering = done;
      signal.addEventListener('abort', onGone, { once: true });
      if (interactive) {
        lines.setPrompt(APPROVAL_QUESTION);
        lines.prompt();
      } else {
        say(APPROVAL_QUESTION);
      }
    });
  const leave = (): void => {
    leaving = true;
    turn?.abort();
    maybeFinish();
  };

  const runSlash = async (command: SlashCommand): Promise<void> => {
    switch (command.name) {
      case 'help':
        return say(SLASH_HELP);
      case 'exit':
        return leave();
      case 'stop':
        if (turn) turn.abort();
        else say('(no turn is running)\n');
        return;
      case 'new':
        sessionId = undefined;
        return say('(a new session starts with your next message)\n');
      case 'sessions':
        return say(renderSessions(await client.listSessions(10)));
      case 'use':
        try {
          await client.getHistory(command.sessionId, { limit: 1 });
          sessionId = command.sessionId;
          return say(`(continuing session ${command.sessionId})\n`);
        } catch (error) {
          return say(`parapet: ${error instanceof ParapetError ? error.message : String(error)}\n`);
        }
      case 'unknown':
        return say(`unknown command ${command.text.split(/\s/)[0] ?? ''}: nothing was sent; /help lists the commands\n`);
    }
  };

  /** Runs the queued entries in order until one starts a turn (or the queue is empty). */
  let draining = false;
  const drain = async (): Promise<void> => {
    if (draining) return;
    draining = true;
    try {
      for (let next = queue.shift(); next !== undefined && !leaving; next = queue.shift()) {
        if (await handle(next)) return;
      }
    } finally {
      draining = false;
    }
    prompt();
    maybeFinish();
  };

  const startTurn = (text: string): void => {
    const abort = new AbortController();
    turn = abort;
    const spinner = withSpinner(io.stdout, interactive);
    const style = { color: options.color, ...(options.color ? { answer: markdownStream() } : {}) };
    const input = { text, ...(sessionId ? { sessionId } : {}) };
    void runTurn(client, input, io, { json: false, signal: abort.signal, style, out: spinner.out, prompter }).then((outcome) => {
      spinner.stop();
      turn = undefined;
      if (abort.signal.aborted) say('(turn cancelled)\n');
      if (!sessionId && outcome.sessionId) say(`(session ${outcome.sessionId})\n`);
      sessionId = outcome.sessionId ?? sessionId;
      if (outcome.error?.code === 'ENGINE_UNAVAILABLE') {
        exitCode = 1;
        leave();
        return;
      }
      void drain();
    });
  };

  /** One finished message: a slash command runs here, text starts a turn (true). */
  const handle = async (message: string): Promise<boolean> => {
    const command = parseSlashCommand(message);
    if (command) {
      await runSlash(command);
      return false;
    }
    const text = unescapeMessage(message);
    if (text.trim() === '') return false;
    startTurn(text);
    return true;
  };

  const onLine = (line: string): void => {
    if (answering) return answering(line);
    const message = builder.add(line);
    if (message === undefined) return prompt();
    if (history && message.trim() !== '') void history.add(message);
    const command = parseSlashCommand(message);
    // While a turn runs, /stop acts at once, and so does /exit typed by a person; the rest waits its turn, in order.
    if (turn && command?.name === 'stop') return void turn.abort();
    if (turn && command?.name === 'exit' && interactive) return leave();
    if (turn || draining) {
      queue.push(message);
      if (interactive && !command) say('(queued: sent when this turn ends; /stop cancels the running one)\n');
      return;
    }
    queue.push(message);
    void drain();
  };

  const onInterrupt = (): void => {
    if (turn) {
      turn.abort();
      return;
    }
    const now = Date.now();
    if (builder.continuing || lines.line !== '') {
      builder.clear();
      // Ctrl-C drops what is being typed, as a shell does.
      lines.write(null, { ctrl: true, name: 'u' });
      say('\n');
      prompt();
      return;
    }
    if (now - lastInterrupt < DOUBLE_INTERRUPT_MS || !interactive) return leave();
    lastInterrupt = now;
    say('\n(Ctrl-C again or Ctrl-D to leave)\n');
    prompt();
  };

  lines.on('line', onLine);
  lines.on('SIGINT', onInterrupt);
  lines.on('close', () => {
    inputClosed = true;
    answering?.(undefined);
    // Ctrl-D at the prompt leaves; a script's stdin ending lets the queued turns finish first.
    if (interactive) leave();
    else maybeFinish();
  });
  const stopListening = io.onInterrupt(onInterrupt);

  say(`parapet chat: ${status.model.demo ? 'demo model' : `${status.model.model} at ${status.model.baseUrl}`}; /help lists commands, /exit or Ctrl-D leaves\n`);
  prompt();
  try {
    await finished;
  } finally {
    stopListening();
    lines.close();
    if (interactive) {
      io.stdout.write(`${DISABLE_BRACKETED_PASTE}\n`);
      stdin.setRawMode?.(false);
    }
    stdin.unpipe?.();
    (stdin as NodeJS.ReadableStream & { pause(): unknown }).pause();
  }
  return exitCode;
}
