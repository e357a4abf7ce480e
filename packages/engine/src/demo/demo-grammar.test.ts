import { describe, expect, it } from 'vitest';
import { DEMO_HELP, demoReply, parseDemoCommand } from './demo-grammar.js';
import type { ChatRequest, ChatRequestMessage } from '@parapet/shield/testing';

const filesTools = ['read_file', 'write_file', 'list_directory', 'delete_file'].map((name) => ({ type: 'function', function: { name } }));
const metaOnly = [{ type: 'function', function: { name: 'load_tools' } }];

function request(messages: ChatRequestMessage[], tools = metaOnly): ChatRequest {
  return { messages, tools };
}

describe('parseDemoCommand', () => {
  it.each([
    ['list files', { tool: 'list_directory', args: { path: '.' } }],
    ['List files in notes', { tool: 'list_directory', args: { path: 'notes' } }],
    ['read notes/today.md', { tool: 'read_file', args: { path: 'notes/today.md' } }],
    ['write todo.txt: buy milk: and eggs', { tool: 'write_file', args: { path: 'todo.txt', content: 'buy milk: and eggs' } }],
    ['delete /tmp/outside.txt', { tool: 'delete_file', args: { path: '/tmp/outside.txt' } }],
    ['run ls -la', { tool: 'execute_command', group: 'shell', args: { command: 'ls -la' } }],
    ['Run  echo a; echo b ', { tool: 'execute_command', group: 'shell', args: { command: 'echo a; echo b' } }],
    ['git status', { tool: 'git_status', group: 'git', args: {} }],
    ['fetch http://127.0.0.1:8080/demo/page.html', { tool: 'http_request', group: 'http', args: { url: 'http://127.0.0.1:8080/demo/page.html', method: 'GET' } }],
    ['remember the user likes green tea', { tool: 'memory_write', group: 'memory', args: { content: 'the user likes green tea' } }],
    ['Recall tea', { tool: 'memory_search', group: 'memory', args: { query: 'tea' } }],
  ])('%s', (text, expected) => {
    expect(parseDemoCommand(text)).toMatchObject(expected);
  });

  it('loads the group that holds the command\'s tool', () => {
    expect(demoReply(request([{ role: 'user', content: 'recall tea' }]))).toEqual({ toolCalls: [{ name: 'load_tools', arguments: { groups: ['memory'] } }] });
    expect(demoReply(request([{ role: 'user', content: 'fetch http://example.com/' }]))).toEqual({ toolCalls: [{ name: 'load_tools', arguments: { groups: ['http'] } }] });
  });

  it('is null for anything else', () => {
    expect(parseDemoCommand('hello, who are you?')).toBeNull();
    expect(parseDemoCommand('read')).toBeNull();
  });
});

describe('demoReply: one turn, round by round', () => {
  const user: ChatRequestMessage = { role: 'user', content: 'list files' };
  const load: ChatRequestMessage = { role: 'assistant', content: null, tool_calls: [{ id: 'c1', function: { name: 'load_tools', arguments: '{"groups":["files"]}' } }] };
  const loaded: ChatRequestMessage = { role: 'tool', tool_call_id: 'c1', content: 'Loaded tools: …' };
  const list: ChatRequestMessage = { role: 'assistant', content: null, tool_calls: [{ id: 'c2', function: { name: 'list_directory', arguments: '{"path":"."}' } }] };

  it('loads the files group first when the tool is not offered', () => {
    expect(demoReply(request([{ role: 'system', content: 'x' }, user]))).toEqual({ toolCalls: [{ name: 'load_tools', arguments: { groups: ['files'] } }] });
  });

  it('loads the group the command needs: shell for run, git for git status', () => {
    expect(demoReply(request([{ role: 'user', content: 'run ls -la' }]))).toEqual({ toolCalls: [{ name: 'load_tools', arguments: { groups: ['shell'] } }] });
    expect(demoReply(request([{ role: 'user', content: 'git status' }]))).toEqual({ toolCalls: [{ name: 'load_tools', arguments: { groups: ['git'] } }] });
  });

  it('then calls the tool', () => {
    expect(demoReply(request([user, load, loaded], filesTools))).toEqual({ toolCalls: [{ name: 'list_directory', arguments: { path: '.' } }] });
  });

  it('then summarises the result in plain text', () => {
    const reply = demoReply(request([user, load, loaded, list, { role: 'tool', tool_call_id: 'c2', content: '.: 1 entry\na.txt (3 bytes)' }], filesTools));
    expect(reply).toEqual({ text: 'Here is what is in the workspace:\n.: 1 entry\na.txt (3 bytes)' });
  });

  it('reports a block in words', () => {
    const del: ChatRequestMessage = { role: 'assistant', content: null, tool_calls: [{ id: 'c3', function: { name: 'delete_file', arguments: '{}' } }] };
    const reply = demoReply(
      request(
        [
          { role: 'user', content: 'delete /tmp/outside.txt' },
          del,
          { role: 'tool', tool_call_id: 'c3', content: '[PATH_OUTSIDE_WORKSPACE] /tmp/outside.txt is outside the workspace: refused' },
        ],
        filesTools,
      ),
    );
    expect(reply).toEqual({ text: 'The delete was blocked (PATH_OUTSIDE_WORKSPACE): /tmp/outside.txt is outside the workspace: refused' });
  });

  it('says a write the human did not approve was not approved, as the agent hands it over', () => {
    const write = { role: 'assistant' as const, content: '', tool_calls: [{ id: 'c4', type: 'function' as const, function: { name: 'write_file', arguments: '{"path":"USER.md","content":"x"}' } }] };
    const reply = demoReply(
      request(
        [
          { role: 'user', content: 'write USER.md: x' },
          write,
          { role: 'tool', tool_call_id: 'c4', content: 'Error: [APPROVAL_DENIED] not approved by a human (denied by ana (cli)): refused' },
        ],
        filesTools,
      ),
    );
    expect(reply).toEqual({ text: 'The write was not approved (APPROVAL_DENIED): not approved by a human (denied by ana (cli)): refused' });
  });

  it('does not loop when loading the tools did not help', () => {
    const reply = demoReply(request([user, load, { role: 'tool', tool_call_id: 'c1', content: 'No tools loaded for: files.' }]));
    expect(reply).toEqual({ text: 'I could not get the list_directory tool: No tools loaded for: files.' });
  });

  it('answers anything else with the grammar', () => {
    expect(demoReply(request([{ role: 'user', content: 'Hi!' }]))).toEqual({ text: DEMO_HELP });
    expect(demoReply(request([]))).toEqual({ text: DEMO_HELP });
  });

  it('starts over with each new user message', () => {
    const later = demoReply(
      request([user, load, loaded, list, { role: 'tool', tool_call_id: 'c2', content: 'x' }, { role: 'assistant', content: 'done' }, { role: 'user', content: 'read a.txt' }], filesTools),
    );
    expect(later).toEqual({ toolCalls: [{ name: 'read_file', arguments: { path: 'a.txt' } }] });
  });
});
