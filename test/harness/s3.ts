import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { inject } from 'vitest';
import type { S3StorageConfig } from '../../src/config.js';

const BUCKET = 'svc-attachments';
// s3rver's fixed credentials.
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server on loopback (s3rver, keeping objects in a temporary folder), with the
 * bucket the service is configured with, and a way to count what is in it.
 */
export async function startS3() {
  const directory = mkdtempSync(path.join(inject('tempRoot'), 's3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storage: S3StorageConfig = { bucket: BUCKET, endpoint, region: 'us-east-1', credentials, forcePathStyle: true, prefix: 'attachments/' };
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  return {
    storage,
    /** Keys of the objects in the bucket. */
    async keys(): Promise<string[]> {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listed.Contents ?? []).map((o) => o.Key!);
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type RunningS3 = Awaited<ReturnType<typeof startS3>>;
