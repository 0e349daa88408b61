import type { AppConfig } from '../../config/env.schema.js';
import { StorageService } from './storage.service.js';

/**
 * Where the demo seed puts its essays' files: the configured bucket, through the same StorageService the app
 * uses. Storage that does not answer does not stop the start: the demo rows are seeded without their files
 * (their links then 404) and one line says so.
 */
export async function demoFileStore(config: AppConfig): Promise<(key: string, bytes: Buffer) => Promise<void>> {
  const storage = new StorageService(config);
  try {
    await storage.ensureBucket();
  } catch (error) {
    console.warn(`Demo essays are seeded without their files: storage did not answer (${(error as Error).message})`);
    return () => Promise.resolve();
  }
  return async (key, bytes) => {
    await storage.upload(key, bytes, 'application/pdf');
  };
}
