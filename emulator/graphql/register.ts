import type { Req, Res } from '../http.js';
import type { IssueOps } from '../rest.js';
import type { Emulator } from '../server.js';

/**
 * POST /graphql. The endpoint (graphql-js and everything it brings) is loaded at the first query,
 * like GitHub's schema it builds: demo mode runs the emulator in the service's process, which may
 * see no GraphQL for a long while, and an idle process should not hold it (RSS at rest).
 */
export function registerGraphql(emu: Emulator, ops: IssueOps) {
  let handler: Promise<(req: Req) => Promise<Res>> | undefined;
  emu.router.add('POST', '/graphql', { auth: 'any', resource: 'graphql' }, async (req: Req): Promise<Res> => {
    handler ??= import('./index.js').then((endpoint) => endpoint.graphqlHandler(emu, ops));
    return (await handler)(req);
  });
}
