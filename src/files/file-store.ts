import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { checkedUpload, type UploadLimits } from './checked-upload.js';
import { createLocalFileStore } from './local-store.js';
import { createS3FileStore } from './s3-store.js';

/**
 * The attachment store the configuration names. `write` types the upload by its content and keeps
 * it within the limits (checked-upload.ts) while the store writes it as it arrives.
 */
export function createFileStore(config: Pick<Config, 'dataDir' | 'attachmentStorage'>) {
  const store = config.attachmentStorage ? createS3FileStore(config.attachmentStorage) : createLocalFileStore(config.dataDir);
  return {
    async write(id: string, filename: string, body: Readable, limits: UploadLimits): Promise<{ contentType: string; size: number }> {
      const upload = await checkedUpload(body, filename, limits);
      await store.put(id, upload);
      return { contentType: upload.contentType, size: upload.size() };
    },
    read: (id: string) => store.read(id),
    remove: (id: string) => store.remove(id),
    check: () => store.check(),
    /** Where files go, for the start-up log. */
    describe: () => (config.attachmentStorage ? `s3 bucket ${config.attachmentStorage.bucket}${config.attachmentStorage.endpoint ? ` at ${config.attachmentStorage.endpoint}` : ''}` : 'local disk'),
  };
}

export type AttachmentFiles = ReturnType<typeof createFileStore>;
