import type { Config } from '../../src/server/config';
import type { ObjectStorage } from '../../src/server/storage/object-storage';
import { startS3Server } from './s3-server';
import { createS3TestApp, createTestApp, type TestApp, type TestAppOptions } from './test-app';

/** Where a test app keeps uploads: the folder (the default) or an S3 bucket on a server the test starts. */
export type UploadStore = 'disk' | 's3';
export const UPLOAD_STORES: readonly UploadStore[] = ['disk', 's3'];

/** The real app with its uploads in the given store; closing it stops the S3 server too. */
export async function createTestAppOn(
  store: UploadStore,
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp<ObjectStorage>> {
  if (store === 'disk') return createTestApp(overrides, options);
  const server = await startS3Server();
  const t = await createS3TestApp(server.settings(), overrides, options).catch(async (error) => {
    await server.stop();
    throw error;
  });
  return {
    ...t,
    async close() {
      await t.close();
      await server.stop();
    },
  };
}

/** Every key in a store. */
export async function storedKeys(storage: ObjectStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys;
}
