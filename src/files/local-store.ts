import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { access, constants, mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from './store.js';

/** Attachment bytes as files under `<DATA_DIR>/attachments`, fanned out by the id's first two characters. */
export function createLocalFileStore(dataDir: string): FileStore {
  const root = path.resolve(dataDir, 'attachments');
  const fileOf = (id: string) => path.join(root, id.slice(0, 2), id);
  return {
    async put(id, upload) {
      const target = fileOf(id);
      mkdirSync(path.dirname(target), { recursive: true });
      try {
        await pipeline(upload.stream, createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
    },

    async read(id) {
      const file = fileOf(id);
      const info = await stat(file).catch(() => null);
      return info ? { stream: createReadStream(file), size: info.size } : null;
    },

    async remove(id) {
      await rm(fileOf(id), { force: true });
    },

    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },
  };
}
