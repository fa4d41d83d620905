import { z } from 'zod';

/** A row of the File Downloads grid (spec 1 §3 "File download"). */
export const ZFileDownload = z.object({
  fileDownloadID: z.number().int(),
  filename: z.string(),
  fileDownloadType: z.number().int().describe('0 Excel Summary, 1 Geocode & Score, 2 Report Archive, 3 Citywide Map'),
  created: z.string(),
  size: z.number().int().describe('Bytes; 0 unknown, negative not applicable'),
});
export type TFileDownload = z.infer<typeof ZFileDownload>;

/** GET users/files: the caller's downloadable files. */
export const ZFileDownloadList = z.array(ZFileDownload);

/** POST users/files/delete body. */
export const ZFileIdsBody = z.array(z.number().int().positive()).min(1).max(1000);
