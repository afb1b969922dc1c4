import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { S3StorageConfig } from '../config.js';
import { ApiError } from '../platform/errors.js';
import type { FileStore } from './store.js';

/**
 * Attachment bytes as objects in an S3-compatible bucket (AWS SDK v3). Uploads go up as a
 * multipart upload in 5 MiB parts while they arrive; one that fails or turns out too large is
 * aborted, so no object is left. Downloads stream through the service, which keeps its own signed
 * links, headers and access rules whatever the store.
 */
export function createS3FileStore(options: S3StorageConfig): FileStore {
  // Made at first use, when the process's log exists to take the SDK's start-up warnings. The SDK
  // is loaded then too: about 15 MB of a process's memory that a local-disk store never needs.
  let made: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); Upload: typeof import('@aws-sdk/lib-storage').Upload; client: S3Client }> | undefined;
  const connect = async () => {
    const [sdk, { Upload }] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
    const client = new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only where S3 requires them: many S3-compatible stores refuse or mangle the
      // streamed trailing checksums the SDK otherwise sends with every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { sdk, Upload, client };
  };
  const store = () =>
    (made ??= connect().catch((error: unknown) => {
      made = undefined;
      throw error;
    }));
  const keyOf = (id: string) => `${options.prefix}${id}`;
  /** Whatever the store answers or fails to, it is a dependency's failure (502), and nothing was kept. */
  const storeFailure = (cause: unknown) =>
    cause instanceof ApiError ? cause : new ApiError('dependency_error', { message: 'The attachment store refused or did not answer.', remedy: 'Try again in a moment.', detail: { dependency: 'attachment_store' }, cause });

  return {
    async put(id, upload) {
      // A refusal from the stream (too large) is the reason; the store's complaint about the aborted body is not.
      let refusal: unknown;
      upload.stream.once('error', (error) => {
        refusal = error;
      });
      try {
        const { Upload, client } = await store();
        const transfer = new Upload({
          client,
          params: { Bucket: options.bucket, Key: keyOf(id), Body: upload.stream, ContentType: upload.contentType },
          queueSize: 2,
          leavePartsOnError: false,
        });
        await transfer.done();
      } catch (error) {
        throw refusal ?? storeFailure(error);
      }
    },

    async read(id) {
      try {
        const { sdk, client } = await store();
        try {
          const object = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: keyOf(id) }));
          return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
        } catch (error) {
          if (error instanceof sdk.NoSuchKey) return null;
          throw error;
        }
      } catch (error) {
        if ((error as S3ServiceException)?.$metadata?.httpStatusCode === 404) return null;
        throw storeFailure(error);
      }
    },

    async remove(id) {
      try {
        const { sdk, client } = await store();
        await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(id) }));
      } catch (error) {
        throw storeFailure(error);
      }
    },

    async check() {
      const { sdk, client } = await store();
      await client.send(new sdk.HeadBucketCommand({ Bucket: options.bucket }));
    },
  };
}
