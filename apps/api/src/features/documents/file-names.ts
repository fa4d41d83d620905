/**
 * A file name made of a site name, for a download or an entry in an archive: characters file
 * systems refuse become spaces, and the name is kept short enough for every file system.
 */
export function safeName(text: string): string {
  return text.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim().slice(0, 100) || 'Report';
}
