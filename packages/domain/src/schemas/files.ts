import { z } from 'zod';
import { zIdList, zIdParam } from './fields';

/** A row of the File Downloads grid (one file download). */
export const ZFileDownload = z.object({
  fileDownloadID: z.number().int().describe('Download it at /api/users/files/{fileDownloadID}'),
  filename: z.string(),
  fileDownloadType: z.number().int().describe('0 Excel Summary, 1 Geocode & Score, 2 Report Archive, 3 Citywide Map, 4 Activity Log'),
  created: z.string().describe('ISO 8601 date-time (UTC)'),
  size: z.number().int().describe('Bytes; 0 unknown, negative not applicable'),
  userId: z.number().int().optional().describe('The user the file was made for (always sent by the server; optional so older clients and fixtures stay valid)'),
});
export type TFileDownload = z.infer<typeof ZFileDownload>;

/** GET users/files: downloadable files, newest first. */
export const ZFileDownloadList = z.array(ZFileDownload);

/** GET users/files?all=true: administrators may list every file of the account. */
export const ZFileListQuery = z.object({
  all: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1')
    .describe("true (administrators only): every file of the account, not just the caller's"),
});

/** POST users/files/delete body. */
export const ZFileIdsBody = zIdList('File id', { min: 1, max: 1000 });

/** Path of GET users/files/{objectID}. */
export const ZFilePathParams = z.object({ objectID: zIdParam('File id').describe('The file id') });

/** Answer of users/files/delete. */
export const ZFileDeleteResult = z.object({ count: z.number().int().describe('Files deleted') });
export type TFileDeleteResult = z.infer<typeof ZFileDeleteResult>;
