import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** What the sandboxed agent may never import: it must not be able to act on its own. */
const agentForbiddenImports = {
  paths: [
    ...['fs', 'fs/promises', 'child_process', 'net', 'http', 'https', 'http2', 'dgram', 'tls', 'worker_threads', 'cluster', 'dns', 'inspector', 'vm']
      .flatMap((m) => [m, `node:${m}`])
      .map((name) => ({ name, message: 'The agent is sandboxed: it proposes actions, the engine performs them.' })),
    ...['better-sqlite3', 'sqlite3', 'node:sqlite', 'pg', 'mysql2', 'ws', 'openai', 'undici', 'axios', 'node-fetch'].map((name) => ({
      name,
      message: 'The agent has no database, network client or provider SDK: the engine relays.',
    })),
    { name: '@parapet/engine', message: 'The agent never imports the engine.' },
  ],
  patterns: [{ group: ['**/engine/**', '@parapet/engine/*'], message: 'The agent never imports the engine.' }],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'packages/wire/src/generated/**', 'coverage/**', '**/*.tsbuildinfo'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', setImmediate: 'readonly', URL: 'readonly', AbortController: 'readonly', AbortSignal: 'readonly', TextEncoder: 'readonly', TextDecoder: 'readonly', performance: 'readonly', fetch: 'readonly', structuredClone: 'readonly', queueMicrotask: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'ExportAllDeclaration', message: 'Use explicit named exports.' }],
    },
  },
  {
    files: ['packages/agent/**/*.ts', 'packages/agent/**/*.js', 'packages/agent/**/*.mjs'],
    ignores: ['packages/agent/src/sandbox/canary-probes.ts'],
    rules: {
      'no-restricted-imports': ['error', agentForbiddenImports],
      'no-restricted-globals': ['error', { name: 'fetch', message: 'The agent has no network: the engine relays.' }, { name: 'WebSocket', message: 'The agent has no network.' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'binding', message: 'No raw bindings in the agent.' }, { object: 'process', property: 'dlopen', message: 'No native code in the agent.' }],
    },
  },
);
