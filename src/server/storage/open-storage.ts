import path from 'node:path';
import type { Config } from '#server/config';
import { createLocalDiskStorage } from './local-disk-storage';
import type { ObjectStorage } from './object-storage';
import { createS3Storage } from './s3-storage';

/** The configured store: the bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function openStorage(config: Pick<Config, 'dataDir' | 's3'>): ObjectStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(localUploadsDir(config.dataDir));
}

/** Where uploads live on disk when no bucket is configured (and what `storage:copy` reads). */
export function localUploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}
