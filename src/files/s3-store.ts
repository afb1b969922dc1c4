import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, S3Client, type S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
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
  // Made at first use, when the process's log exists to take the SDK's start-up warnings.
  let made: S3Client | undefined;
  const client = () => (made ??= new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: many S3-compatible stores refuse or mangle the
    // streamed trailing checksums the SDK otherwise sends with every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  }));
  const keyOf = (id: string) => `${options.prefix}${id}`;
  /** Whatever the store answers or fails to, it is a dependency's failure (502), and nothing was kept. */
  const storeFailure = (cause: unknown) =>
    cause instanceof ApiError ? cause : new ApiError('dependency_error', { message: 'The attachment store refused or did not answer.', remedy: 'Try again in a moment.', detail: { dependency: 'attachment_store' }, cause });

  return {
    async put(id, upload) {
      const transfer = new Upload({
        client: client(),
        params: { Bucket: options.bucket, Key: keyOf(id), Body: upload.stream, ContentType: upload.contentType },
        queueSize: 2,
        leavePartsOnError: false,
      });
      // A refusal from the stream (too large) is the reason; the store's complaint about the aborted body is not.
      let refusal: unknown;
      upload.stream.once('error', (error) => {
        refusal = error;
      });
      try {
        await transfer.done();
      } catch (error) {
        throw refusal ?? storeFailure(error);
      }
    },

    async read(id) {
      try {
        const object = await client().send(new GetObjectCommand({ Bucket: options.bucket, Key: keyOf(id) }));
        return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as S3ServiceException)?.$metadata?.httpStatusCode === 404) return null;
        throw storeFailure(error);
      }
    },

    async remove(id) {
      try {
        await client().send(new DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(id) }));
      } catch (error) {
        throw storeFailure(error);
      }
    },

    async check() {
      await client().send(new HeadBucketCommand({ Bucket: options.bucket }));
    },
  };
}
