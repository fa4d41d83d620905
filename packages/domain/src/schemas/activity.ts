import { z } from 'zod';

/** Answer of POST account/activity/export: the task to poll (users/taskstatuses/{id}) until the file is ready. */
export const ZActivityExportResult = z.object({
  taskStatusId: z.number().int().describe('Poll users/taskstatuses/{taskStatusId}; when complete, objectID is the file id'),
});
export type TActivityExportResult = z.infer<typeof ZActivityExportResult>;

/** Columns of the activity log CSV, in order. */
export const ACTIVITY_LOG_COLUMNS = ['Time (UTC)', 'User ID', 'Impersonated By', 'Action', 'Target', 'Details'] as const;
