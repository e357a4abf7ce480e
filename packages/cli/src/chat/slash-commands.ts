export type SlashCommand =
  | { readonly name: 'help' }
  | { readonly name: 'new' }
  | { readonly name: 'sessions' }
  | { readonly name: 'use'; readonly sessionId: string }
  | { readonly name: 'stop' }
  | { readonly name: 'exit' }
  | { readonly name: 'unknown'; readonly text: string };

export const SLASH_HELP = `/help         this list
/new          start a new session
/sessions     list recent sessions
/use ID       continue session ID
/stop         cancel the running turn (Ctrl-C does the same)
/exit         leave (Ctrl-D, or Ctrl-C twice at the prompt)
A line ending in \\ continues on the next line; Alt+Enter inserts a newline; a paste stays one message.
Start a message with // to send a text that begins with /.
`;

/**
 * A line starting with one `/` is a command for the chat itself and never reaches the model; `//`
 * escapes it (the message is sent without the first slash). Undefined: an ordinary message.
 */
export function parseSlashCommand(text: string): SlashCommand | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//')) return undefined;
  const [word = '', ...rest] = trimmed.slice(1).split(/\s+/);
  switch (word.toLowerCase()) {
    case 'help':
    case '?':
      return { name: 'help' };
    case 'new':
      return { name: 'new' };
    case 'sessions':
      return { name: 'sessions' };
    case 'use':
      return rest[0] ? { name: 'use', sessionId: rest[0] } : { name: 'unknown', text: trimmed };
    case 'stop':
      return { name: 'stop' };
    case 'exit':
    case 'quit':
      return { name: 'exit' };
    default:
      return { name: 'unknown', text: trimmed };
  }
}

/** `//text` is sent as `/text`. */
export function unescapeMessage(text: string): string {
  return text.trimStart().startsWith('//') ? text.replace('//', '/') : text;
}
