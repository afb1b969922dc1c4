import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/harness/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
    // A browser or a second process under a loaded CI machine can take seconds to show what a test
    // waits for; vitest's one-second default made such waits fail at random.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    // The AWS SDK's notice that its 2027 releases need Node 22 says nothing about the code under test.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
