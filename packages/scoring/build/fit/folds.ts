/** A stable fold number 0..folds−1 of a key (FNV-1a), so that every split is reproducible. */
export function foldOf(key: string, folds: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % folds;
}
