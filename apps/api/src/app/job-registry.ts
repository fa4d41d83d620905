import { activityExportJob } from '../features/activity/activity-export.job';
import { siteCsvJob } from '../features/sites/site-csv.job';
import { siteDeleteJob } from '../features/sites/site-delete.job';
import type { JobDefinition } from '../platform/jobs/job-definition';

/** Every job the app runs. One line per definition; the queue refuses to start on a duplicate. */
export const jobDefinitions: readonly JobDefinition[] = [activityExportJob, siteDeleteJob, siteCsvJob];
