import openapiTS, { astToString } from 'openapi-typescript';

/**
 * How the typed client (client/) is made from the document the service serves. The generator
 * (scripts/generate-client.ts) and the test that checks client/ is current
 * (test/client/client-current.test.ts) both call these, so they cannot disagree.
 */

export const CLIENT_DOCUMENT = 'client/openapi.json';
export const CLIENT_SCHEMA = 'client/src/schema.ts';

/** client/openapi.json's text: the served document, pretty-printed. */
export function documentText(doc: unknown): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}

const header = `/**
 * Generated from the service's /openapi.json by openapi-typescript. Do not edit:
 * run \`npm run client:generate\` after changing a route.
 */

`;

/** client/src/schema.ts's text: openapi-typescript's types (paths, components, operations). */
export async function schemaText(doc: unknown): Promise<string> {
  // A copy: openapi-typescript resolves references in the object it is given.
  const ast = await openapiTS(structuredClone(doc) as Parameters<typeof openapiTS>[0], { silent: true });
  return header + astToString(ast);
}
