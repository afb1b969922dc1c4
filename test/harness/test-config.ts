/** The secret every test app signs with. */
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hmac-0123456789';

/**
 * The environment the test apps are configured from (test/harness/app.ts); the client generator
 * (scripts/generate-client.ts) uses it too, so the document it writes is the one the tests are served.
 */
export function testAppEnv(dataDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    AUTH_SECRET: TEST_SECRET,
    DATA_DIR: dataDir,
    WORKSPACE_APP_ORIGIN: 'https://app.svc.test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
  };
}
