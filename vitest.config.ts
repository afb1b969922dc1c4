import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/harness/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // Each worker evaluates the service's modules once, not once per test file: every file builds
    // its own app, database and emulator, and nothing is kept at a module's top level between them.
    // Measured over the whole suite: 42 s of module evaluation instead of 287 s, and about 7 of
    // 20 minutes of CPU fewer.
    isolate: false,
    reporters: ['default'],
    // A browser or a second process under a loaded CI machine can take seconds to show what a test
    // waits for; vitest's one-second default made such waits fail at random.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    // The AWS SDK's notice that its 2027 releases need Node 22 says nothing about the code under test.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});
