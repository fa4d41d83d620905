import { activityExportJob } from '../features/activity/index';
import { siteCsvJob } from '../features/sites/index';
import { siteDeleteJob } from '../features/sites/index';
import type { JobDefinition } from '../platform/jobs/job-definition';

/** Every job the app runs. One line per definition; the queue refuses to start on a duplicate. */
export const jobDefinitions: readonly JobDefinition[] = [activityExportJob, siteDeleteJob, siteCsvJob];
