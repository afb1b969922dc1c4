import net from 'node:net';

/** A reason the service cannot start that a person can act on: printed as one plain line. */
export class StartFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartFailure';
  }
}

/** Refuses to go on when something already listens on `port` (named by `variable`). */
export async function assertPortFree(host: string, port: number, variable: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? portTaken(port, variable) : error);
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export const portTaken = (port: number, variable: string) =>
  new StartFailure(`Port ${port} is already in use: set ${variable} to a free port (or stop what listens there).`);

/** What a connection error means to the person who set DATABASE_URL; the other errors have no such reading. */
const connectionProblems: Record<string, string> = {
  ECONNREFUSED: 'nothing accepts connections there',
  ENOTFOUND: 'its host name is unknown',
  EAI_AGAIN: 'its host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'its host cannot be reached',
  '28P01': 'the password was refused',
  '28000': 'the server refuses this user or address',
  '3D000': 'the database does not exist',
};

/**
 * The first connection to the configured database failing for a reason the configuration can
 * fix, as one line naming the server (never the password); null for any other error.
 */
export function databaseUnreachable(error: unknown, databaseUrl: string): StartFailure | null {
  const code = (error as { code?: unknown } | null)?.code;
  const problem = typeof code === 'string' ? connectionProblems[code] : undefined;
  if (!problem) return null;
  let where = 'DATABASE_URL';
  if (URL.canParse(databaseUrl)) {
    const url = new URL(databaseUrl);
    where = `the database at DATABASE_URL (${url.host}${url.pathname === '/' ? '' : url.pathname})`;
  }
  return new StartFailure(`Cannot connect to ${where}: ${problem}. Set DATABASE_URL to a PostgreSQL server that runs (or unset it to use the embedded one under DATA_DIR).`);
}
