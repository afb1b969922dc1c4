import type { FastifyRequest } from 'fastify';
import { excerpt, loggableError, loggableText, loggableValue } from './log-safety.js';

/** A request's URL may carry a long query; its path and parameters stay readable up to here. */
const URL_CHARS = 500;
const MESSAGE_CHARS = 1000;

/** Keys whose serializer below already makes them loggable. */
const SERIALIZED = new Set(['req', 'res', 'err', 'cause']);

/**
 * The service's log (pino, through Fastify), made safe for whatever a client sends: every line
 * passes through `logMethod`, so no call site can log a credential of a URL or a client's whole
 * input by forgetting to (see log-safety.ts).
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      // Fastify's own fields, with the URL's credentials redacted (the incoming-request line).
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableText(request.url, URL_CHARS),
        host: excerpt(request.host ?? '', 200),
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: unknown) => loggableError(error),
      cause: (cause: unknown) => loggableValue(cause),
    },
    hooks: {
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        const safe = args.map((arg, i) => {
          if (typeof arg === 'string') return loggableText(arg, MESSAGE_CHARS);
          if (i !== 0 || arg === null || typeof arg !== 'object' || arg instanceof Error) return arg;
          const fields: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(arg)) fields[key] = SERIALIZED.has(key) ? value : loggableValue(value);
          return fields;
        });
        return method.apply(this, safe);
      },
    },
  };
}
