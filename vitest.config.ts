import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A poll ends as soon as its condition holds; the limit only says when to give up. Vitest's
    // 1 s default fails browser and CLI round trips on a loaded 2-core CI machine.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
  },
});
