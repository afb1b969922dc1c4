import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_DOCUMENT, CLIENT_SCHEMA, documentText, schemaText } from '../../scripts/client-codegen.js';
import { startTestApp, type TestApp } from '../harness/app.js';

const stale = (file: string) => `${file} is not current with the /openapi.json the service serves: run \`npm run client:generate\` and commit the result`;

let t: TestApp;
let served: unknown;

beforeAll(async () => {
  t = await startTestApp();
  const res = await fetch(`${t.url}/openapi.json`);
  expect(res.status).toBe(200);
  served = await res.json();
});
afterAll(() => t.close());

describe('the typed client (client/)', () => {
  it('holds the document the service serves', () => {
    const committed = readFileSync(CLIENT_DOCUMENT, 'utf8');
    // Compared as text: the file is exactly what the generator writes.
    if (committed !== documentText(served)) {
      expect(JSON.parse(committed), stale(CLIENT_DOCUMENT)).toEqual(served);
      expect.fail(`${stale(CLIENT_DOCUMENT)} (same content, different formatting)`);
    }
  });

  it('holds the types openapi-typescript makes of it', async () => {
    const committed = readFileSync(CLIENT_SCHEMA, 'utf8');
    const expected = await schemaText(served);
    if (committed !== expected) expect.fail(stale(CLIENT_SCHEMA));
  }, 60_000);
});
