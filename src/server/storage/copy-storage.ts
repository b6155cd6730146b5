import pLimit from 'p-limit';
import { ObjectExistsError, type ObjectStorage } from './object-storage';

export interface CopySummary {
  copied: number;
  bytes: number;
  /** Already in the target under the same key: keys never change content, so left as they are. */
  alreadyThere: number;
  failed: { key: string; error: string }[];
}

/**
 * Copies every object of `source` that `target` lacks, several at a time; safe to run again
 * (and while the site runs: new uploads go to the target already). Never deletes anything.
 */
export async function copyStorage(
  source: ObjectStorage,
  target: ObjectStorage,
  { concurrency = 8, onProgress }: { concurrency?: number; onProgress?: (summary: CopySummary) => void } = {},
): Promise<CopySummary> {
  const summary: CopySummary = { copied: 0, bytes: 0, alreadyThere: 0, failed: [] };
  const limit = pLimit(concurrency);
  const copyOne = async (key: string) => {
    try {
      if (await target.exists(key)) {
        summary.alreadyThere++;
        return;
      }
      const data = await source.get(key);
      if (!data) return; // deleted meanwhile
      await target.put(key, data);
      summary.copied++;
      summary.bytes += data.length;
    } catch (error) {
      if (error instanceof ObjectExistsError) summary.alreadyThere++;
      else summary.failed.push({ key, error: error instanceof Error ? error.message : String(error) });
    }
    onProgress?.(summary);
  };
  const pending: Promise<void>[] = [];
  for await (const object of source.list()) {
    pending.push(limit(() => copyOne(object.key)));
    // Keep the queue short: a listing may be very long.
    if (limit.pendingCount > concurrency * 4) await Promise.all(pending.splice(0, concurrency));
  }
  await Promise.all(pending);
  return summary;
}
