/** Display formatting shared by web and documents. */

/** File size on File Downloads: 0 → Unknown, negative → N/A, else KB. */
export function formatFileSize(bytes: number): string {
  if (bytes === 0) return 'Unknown';
  if (bytes < 0) return 'N/A';
  const kb = bytes / 1024;
  const text = kb < 10 ? kb.toFixed(1) : Math.round(kb).toLocaleString('en-US');
  return `${text} KB`;
}
