import { createReadStream, createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { invalidRequest } from '../platform/errors.js';

/** Bytes file-type needs to know a type by its content. */
const SNIFF_BYTES = 4100;
const TEXT_EXTENSIONS = new Set(['', 'txt', 'log', 'csv', 'md']);
const SAME_EXTENSION: Record<string, string> = { jpeg: 'jpg' };

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

/**
 * The attachment store: files on local disk under `<DATA_DIR>/attachments`, written as they
 * arrive (never whole in memory), their type taken from their content (file-type) and checked
 * against the allowed types and the file name, their size against the limit. A refused upload
 * leaves nothing behind.
 */
export function createFileStore(dataDir: string) {
  const root = path.resolve(dataDir, 'attachments');
  const fileOf = (id: string) => path.join(root, id.slice(0, 2), id);
  return {
    async write(id: string, filename: string, body: Readable, limits: { maxBytes: number; types: string[] }): Promise<{ contentType: string; size: number }> {
      const target = fileOf(id);
      mkdirSync(path.dirname(target), { recursive: true });
      const chunks: Buffer[] = [];
      let headLength = 0;
      // Opened once the type is known (a holder, since it is set inside `open`).
      const sink: { out?: WriteStream } = {};
      let size = 0;
      let contentType = '';
      const open = async (head: Buffer) => {
        const sniffed = await fileTypeFromBuffer(head);
        const ext = extensionOf(filename);
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
        sink.out = createWriteStream(target, { flags: 'wx' });
        sink.out.write(head);
      };
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > limits.maxBytes) throw invalidRequest(`The file is larger than ${limits.maxBytes} bytes.`, { field: 'body', maxBytes: limits.maxBytes });
          const out = sink.out;
          if (!out) {
            chunks.push(chunk);
            headLength += chunk.length;
            if (headLength >= SNIFF_BYTES) await open(Buffer.concat(chunks));
          } else if (!out.write(chunk)) {
            await new Promise<void>((resolve) => out.once('drain', () => resolve()));
          }
        }
        if (size === 0) throw invalidRequest('The file is empty.', { field: 'body' });
        if (!sink.out) await open(Buffer.concat(chunks));
        sink.out!.end();
        await finished(sink.out!);
        return { contentType, size };
      } catch (error) {
        sink.out?.destroy();
        body.resume?.();
        await rm(target, { force: true });
        throw error;
      }
    },

    async read(id: string): Promise<{ stream: Readable; size: number } | null> {
      const file = fileOf(id);
      const info = await stat(file).catch(() => null);
      return info ? { stream: createReadStream(file), size: info.size } : null;
    },

    async remove(id: string) {
      await rm(fileOf(id), { force: true });
    },
  };
}

export type FileStore = ReturnType<typeof createFileStore>;
