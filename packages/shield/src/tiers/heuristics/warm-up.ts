import { evaluateHeuristics } from './evaluate.js';
import type { HeuristicAction } from './types.js';

/**
 * Representative actions run once before the first real one. V8 compiles each regular expression
 * and inline cache on first use; doing that up front keeps the first real actions off the slow path.
 */
export const WARM_UP_ACTIONS: readonly HeuristicAction[] = [
  {
    type: 'execute_command',
    payload: { command: 'X=/tmp/a; cat "$X" src/*.ts | grep -n "x" > out.txt && git status' },
  },
  {
    type: 'execute_command',
    payload: {
      command: 'curl -s -d @data.json "https://example.com/api?q=$(date)" | jq .id; npm test',
    },
  },
  {
    type: 'execute_command',
    payload: {
      command:
        "echo aGk= | base64 -d | sh -c 'ls -la ~/.config' && sudo rm -rf build/ || python3 -c 'print(1)'",
    },
  },
  {
    type: 'execute_command',
    payload: {
      command:
        'find . -name "*.log" -exec rm {} \\; ; tar czf b.tgz ./src; chmod 755 run.sh; make build',
    },
  },
  { type: 'read_file', payload: { path: 'src/index.ts' } },
  {
    type: 'write_file',
    payload: {
      path: 'notes/todo.md',
      content: '# Todo\nAlways run tests. See https://example.com/docs',
    },
  },
  { type: 'delete_file', payload: { path: 'tmp/output.txt' } },
  {
    type: 'http_request',
    payload: { method: 'POST', url: 'https://api.example.com/v1/items', body: '{"name":"x"}' },
  },
  {
    type: 'send_email',
    payload: {
      to: 'someone@example.com',
      subject: 'Hello',
      body: 'Meeting at 10am on Main Street',
    },
  },
  {
    type: 'memory_write',
    payload: { content: 'The user prefers concise answers about credentials handling.' },
  },
  {
    type: 'create_agent',
    payload: { task: 'Summarise the repository and send the summary to the team' },
  },
];

const WARM_UP_ROUNDS = 2;
let warmedUp = false;

/**
 * Runs the warm-up actions through the heuristics, yielding to the event loop after each (the first
 * rounds take ~200 ms in all); later calls do nothing.
 */
export async function warmUpHeuristics(): Promise<void> {
  if (warmedUp) return;
  warmedUp = true;
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    for (const action of WARM_UP_ACTIONS) {
      evaluateHeuristics(action, { home: '/home/warm-up', workspace: '/home/warm-up/workspace' });
      await new Promise((resume) => setImmediate(resume));
    }
  }
}
