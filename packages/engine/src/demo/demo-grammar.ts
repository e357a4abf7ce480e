import { messageText, type ChatRequest, type ChatRequestMessage, type ScriptedReply } from '@parapet/shield/testing';

interface Command {
  readonly tool: string;
  /** The tool group `load_tools` must load first. */
  readonly group: string;
  readonly args: Readonly<Record<string, string>>;
  readonly label: string;
}

export const DEMO_HELP =
  "I'm Parapet's demo model: no LLM is configured, so I understand only a few commands:\n" +
  '  list files            (or: list files in FOLDER)\n' +
  '  read PATH\n' +
  '  write PATH: TEXT      (write USER.md: TEXT changes your profile: you are asked first)\n' +
  '  delete PATH\n' +
  '  run COMMAND           (e.g. run ls -la)\n' +
  '  git status\n' +
  '  fetch URL             (an http GET; the demo serves a page at /demo/page.html on its own port)\n' +
  '  remember TEXT         (a note appended to MEMORY.md)\n' +
  '  recall WORD           (searches the remembered notes)\n' +
  'Every command goes through the engine like a real model\'s would: Shield, checks, audit. ' +
  'To talk to a real model, add an llm section to config.yaml (see `parapet init`).';

/** The demo grammar; null when the text is not a command. */
export function parseDemoCommand(text: string): Command | null {
  const line = text.trim();
  let match = /^list files(?:\s+in\s+(.+))?$/i.exec(line);
  if (match) return { tool: 'list_directory', group: 'files', args: { path: match[1]?.trim() ?? '.' }, label: 'list' };
  match = /^read\s+(.+)$/i.exec(line);
  if (match?.[1]) return { tool: 'read_file', group: 'files', args: { path: match[1].trim() }, label: 'read' };
  match = /^write\s+([^:]+?)\s*:\s?([\s\S]*)$/i.exec(line);
  if (match?.[1] !== undefined && match[2] !== undefined) return { tool: 'write_file', group: 'files', args: { path: match[1], content: match[2] }, label: 'write' };
  match = /^delete\s+(.+)$/i.exec(line);
  if (match?.[1]) return { tool: 'delete_file', group: 'files', args: { path: match[1].trim() }, label: 'delete' };
  match = /^run\s+(.+)$/i.exec(line);
  if (match?.[1]) return { tool: 'execute_command', group: 'shell', args: { command: match[1].trim() }, label: 'command' };
  if (/^git\s+status$/i.test(line)) return { tool: 'git_status', group: 'git', args: {}, label: 'git status' };
  match = /^fetch\s+(\S+)$/i.exec(line);
  if (match?.[1]) return { tool: 'http_request', group: 'http', args: { url: match[1], method: 'GET' }, label: 'fetch' };
  match = /^remember\s+([\s\S]+)$/i.exec(line);
  if (match?.[1]) return { tool: 'memory_write', group: 'memory', args: { content: match[1].trim() }, label: 'remember' };
  match = /^recall\s+(.+)$/i.exec(line);
  if (match?.[1]) return { tool: 'memory_search', group: 'memory', args: { query: match[1].trim() }, label: 'recall' };
  return null;
}

/**
 * One round of the demo model: load the files group if the tool is not offered yet, then call
 * the tool, then summarise its result (blocks and errors included) in plain words.
 */
export function demoReply(request: ChatRequest, pageUrl?: string): ScriptedReply {
  const lastUser = findLastIndex(request.messages, (m) => m.role === 'user');
  const command = parseDemoCommand(messageText(request.messages[lastUser]));
  if (!command) return { text: pageUrl ? `${DEMO_HELP}\nTry: fetch ${pageUrl}` : DEMO_HELP };
  const thisTurn = request.messages.slice(lastUser + 1);

  const mainCall = findCall(thisTurn, command.tool);
  if (mainCall) {
    const result = thisTurn.find((m) => m.role === 'tool' && m.tool_call_id === mainCall);
    if (result) return { text: summarise(command, messageText(result)) };
  }
  const offered = new Set((request.tools ?? []).map((tool) => tool.function.name));
  if (!offered.has(command.tool)) {
    const loadCall = findCall(thisTurn, 'load_tools');
    const loadResult = loadCall ? thisTurn.find((m) => m.role === 'tool' && m.tool_call_id === loadCall) : undefined;
    if (loadResult) return { text: `I could not get the ${command.tool} tool: ${messageText(loadResult)}` };
    return { toolCalls: [{ name: 'load_tools', arguments: { groups: [command.group] } }] };
  }
  return { toolCalls: [{ name: command.tool, arguments: command.args }] };
}

function summarise(command: Command, result: string): string {
  // The agent hands the model a refused call's result as "Error: [CODE] reason".
  const refusal = /^(?:Error:\s*)?\[([A-Z_]+)\]\s*([\s\S]*)$/.exec(result);
  if (refusal) {
    const [, code, reason] = refusal;
    const blocked = code === 'SHIELD_BLOCKED' || code === 'NETWORK_ADDRESS_REFUSED' || code?.startsWith('PATH_');
    const verb = blocked ? 'was blocked' : code?.startsWith('APPROVAL_') ? 'was not approved' : 'failed';
    return `The ${command.label} ${verb} (${code}): ${reason}`;
  }
  switch (command.label) {
    case 'list':
      return `Here is what is in ${command.args['path'] === '.' ? 'the workspace' : command.args['path']}:\n${result}`;
    case 'read':
      return `Contents of ${command.args['path']}:\n${result}`;
    case 'command':
      return `Output of \`${command.args['command']}\`:\n${result}`;
    case 'git status':
      return `git status of the workspace:\n${result}`;
    case 'fetch':
      return `Fetched ${command.args['url']}:\n${result}`;
    case 'recall':
      return result;
    default:
      return `Done. ${result}`;
  }
}

/** The id of the first call of `tool` in these messages. */
function findCall(messages: readonly ChatRequestMessage[], tool: string): string | undefined {
  for (const message of messages) {
    const call = message.tool_calls?.find((c) => c.function.name === tool);
    if (call) return call.id;
  }
  return undefined;
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (predicate(items[i] as T)) return i;
  return -1;
}
