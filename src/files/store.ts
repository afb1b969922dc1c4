import type { Readable } from 'node:stream';

/** Where attachment bytes are kept, by id: local disk or an S3-compatible bucket. */
export interface FileStore {
  /** Writes the checked upload; on any failure nothing of it stays in the store. */
  put(id: string, upload: { contentType: string; stream: Readable }): Promise<void>;
  read(id: string): Promise<{ stream: Readable; size: number } | null>;
  remove(id: string): Promise<void>;
  /** Throws, saying why, when the store cannot be written to (run once at start). */
  check(): Promise<void>;
}
