import { z } from 'zod';
import { labelled, zIdList, zIdParam } from './fields';

/** Task status: the progress and outcome of a long job, and a notification. */
export const ZTaskStatus = z.object({
  taskStatusId: z.number().int(),
  taskStatusType: z.number().int().describe('1 hidden, 2 job, 3 modal alert'),
  currentStatus: z.number().int().describe('0 waiting, 1 in progress, 2 complete, -1 failed'),
  countTotal: z.number().int().describe('Units of work in all; 0 while unknown (the spinner is then indeterminate)'),
  countCompleted: z.number().int().describe('Units of work done so far'),
  message: z.string().nullable().describe('Short title, e.g. "Activity log export"'),
  detail: z.string().nullable().describe('Text shown when the task finishes; on failure, what went wrong'),
  objectType: z.number().int().describe('What the task produced; 4 and 5 are files'),
  objectID: z.number().int().nullable().describe('Id of what the task produced (a file id for 4 and 5)'),
  seen: z.boolean().describe('The user has seen the finished task'),
  clicked: z.boolean().describe('The user has opened the notification (or a modal alert was shown)'),
  created: z.string().describe('ISO 8601 date-time (UTC)'),
  updated: z.string().describe('ISO 8601 date-time (UTC)'),
});
export type TTaskStatus = z.infer<typeof ZTaskStatus>;

/** GET users/taskstatuses: the caller's tasks of the last 30 days, newest first. */
export const ZTaskStatusList = z.array(ZTaskStatus);
export type TTaskStatusList = z.infer<typeof ZTaskStatusList>;

/** ?markSeen on the task-status reads: mark finished tasks seen after reading them. */
export const ZMarkSeenQuery = z.object({
  markSeen: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1')
    .describe('true: finished tasks in the answer are marked seen (the answer shows them as they were)'),
});

/** POST users/taskstatuses/touch?clicked=true&seen=true: which flags to set. */
export const ZTouchQuery = z.object({
  clicked: z.enum(['true', 'false'], labelled('Clicked')).optional().describe('true sets clicked'),
  seen: z.enum(['true', 'false'], labelled('Seen')).optional().describe('true sets seen'),
});

/** Body of touch and delete: the task ids. */
export const ZTaskIdsBody = zIdList('Task id', { min: 1, max: 1000 });

/** Path of GET users/taskstatuses/{id}. */
export const ZTaskPathParams = z.object({ id: zIdParam('Task id').describe('The task id') });

/** Answer of touch and delete: how many of the caller's tasks were changed. */
export const ZTaskChangeResult = z.object({
  count: z.number().int().describe('Tasks changed; ids of other users or accounts are ignored'),
});
export type TTaskChangeResult = z.infer<typeof ZTaskChangeResult>;

/** How long finished and running tasks stay in the caller's list. */
export const TASK_LIST_DAYS = 30;
