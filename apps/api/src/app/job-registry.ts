import { activityExportJob } from '../features/activity/index';
import { siteCsvJob } from '../features/sites/index';
import { siteDeleteJob } from '../features/sites/index';
import { authRetentionJob } from '../features/auth/index';
import { batchJob } from '../features/reports/index';
import { addProximityJob } from '../features/report-context/index';
import { excelSummaryJob, reportArchiveJob } from '../features/documents/index';
import { createImportRecheckJob, importProcessJob, importSubmitJob, recheckQueueRows } from '../features/import/index';
import type { AnyJobDefinition } from '../platform/jobs/job-definition';

/** The import queue's re-check after an edit or new options: the processing feature's row check. */
const importRecheckJob = createImportRecheckJob(recheckQueueRows);

/** Every job the app runs. One line per definition; the queue refuses to start on a duplicate. */
export const jobDefinitions: readonly AnyJobDefinition[] = [activityExportJob, siteDeleteJob, siteCsvJob, authRetentionJob, batchJob, addProximityJob, excelSummaryJob, reportArchiveJob, importProcessJob, importRecheckJob, importSubmitJob];
