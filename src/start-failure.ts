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
