import path from 'node:path';
import { Readable } from 'node:stream';
import { invalidRequest } from '../platform/errors.js';

/** Bytes file-type needs to know a type by its content. */
const SNIFF_BYTES = 4100;
const TEXT_EXTENSIONS = new Set(['', 'txt', 'log', 'csv', 'md']);
const SAME_EXTENSION: Record<string, string> = { jpeg: 'jpg' };

export interface UploadLimits {
  maxBytes: number;
  types: string[];
}

export interface CheckedUpload {
  contentType: string;
  /** The whole file, head first; it fails (422) once it passes the size limit. */
  stream: Readable;
  /** Bytes that went through `stream` so far: the file's size once it has ended. */
  size(): number;
}

const extensionOf = (filename: string) => {
  const ext = path.extname(filename).slice(1).toLowerCase();
  return SAME_EXTENSION[ext] ?? ext;
};

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut at the end of the head is not a reason to refuse.
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)));
    return true;
  } catch {
    return false;
  }
}

async function typeOf(head: Buffer, filename: string, limits: UploadLimits): Promise<string> {
  // Loaded with the first upload: the sniffer and its tokenizers are not needed until then (RSS at rest).
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(head);
  const ext = extensionOf(filename);
  let contentType: string;
  if (sniffed) {
    contentType = sniffed.mime;
    if (ext && (SAME_EXTENSION[sniffed.ext] ?? sniffed.ext) !== ext) {
      throw invalidRequest(`The file's content is ${sniffed.mime}, which its name (.${ext}) does not say.`, { field: 'filename', detectedType: sniffed.mime });
    }
  } else if (looksLikeText(head) && TEXT_EXTENSIONS.has(ext)) {
    contentType = 'text/plain';
  } else {
    throw invalidRequest('The type of this file could not be told from its content.', { field: 'body', allowed: limits.types });
  }
  if (!limits.types.includes(contentType)) throw invalidRequest(`Files of type ${contentType} are not accepted.`, { field: 'body', detectedType: contentType, allowed: limits.types });
  return contentType;
}

const tooLarge = (limits: UploadLimits) => invalidRequest(`The file is larger than ${limits.maxBytes} bytes.`, { field: 'body', maxBytes: limits.maxBytes });

/**
 * Reads an upload's first bytes, tells its type from them (file-type), checks the type against the
 * allowed ones and the file name, and hands back the whole file as a stream for a store to write:
 * only the head is ever held in memory. Refusals before the first byte is stored are thrown here;
 * a file that turns out too large fails its stream, and the store removes what it wrote.
 */
export async function checkedUpload(body: Readable, filename: string, limits: UploadLimits): Promise<CheckedUpload> {
  // Not destroyed when left early: the rest is drained, so the client still hears why.
  const source = body.iterator({ destroyOnReturn: false }) as AsyncIterator<Buffer>;
  const abandon = () => {
    void source.return?.();
    body.resume();
  };
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  try {
    while (size < SNIFF_BYTES) {
      const next = await source.next();
      if (next.done) {
        ended = true;
        break;
      }
      size += next.value.length;
      if (size > limits.maxBytes) throw tooLarge(limits);
      chunks.push(next.value);
    }
    if (size === 0) throw invalidRequest('The file is empty.', { field: 'body' });
    const contentType = await typeOf(Buffer.concat(chunks), filename, limits);
    async function* whole() {
      yield* chunks;
      chunks.length = 0;
      if (ended) return;
      for (;;) {
        const next = await source.next();
        if (next.done) return;
        size += next.value.length;
        if (size > limits.maxBytes) throw tooLarge(limits);
        yield next.value;
      }
    }
    const stream = Readable.from(whole(), { objectMode: false });
    // A store that gives up early must not leave the request's body unread.
    stream.once('close', () => {
      if (!body.readableEnded) abandon();
    });
    return { contentType, stream, size: () => size };
  } catch (error) {
    abandon();
    throw error;
  }
}
