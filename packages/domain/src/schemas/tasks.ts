import { z } from 'zod';

/** Task status (spec 1 §3 "Task status"). */
export const ZTaskStatus = z.object({
  taskStatusId: z.number().int(),
  taskStatusType: z.number().int().describe('1 hidden, 2 job, 3 modal alert'),
  currentStatus: z.number().int().describe('0 waiting, 1 in progress, 2 complete, -1 failed'),
  countTotal: z.number().int(),
  countCompleted: z.number().int(),
  message: z.string().nullable().describe('Short title, e.g. "Activity log export"'),
  detail: z.string().nullable().describe('Text shown when the task finishes'),
  objectType: z.number().int().describe('What the task produced; 4 and 5 are files'),
  objectID: z.number().int().nullable().describe('Id of what the task produced (a file id for 4 and 5)'),
  seen: z.boolean(),
  clicked: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type TTaskStatus = z.infer<typeof ZTaskStatus>;

/** ?markSeen on the task-status reads. */
export const ZMarkSeenQuery = z.object({
  markSeen: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1'),
});

/** POST users/taskstatuses/touch?clicked=true&seen=true: which flags to set. */
export const ZTouchQuery = z.object({
  clicked: z.enum(['true', 'false']).optional(),
  seen: z.enum(['true', 'false']).optional(),
});

/** Body of touch and delete: the task ids. */
export const ZTaskIdsBody = z.array(z.number().int().positive()).min(1).max(1000);
