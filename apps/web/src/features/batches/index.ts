/** The batches feature as other features see it: the notices the task notifications show, and the library's indicator. */
export { BatchNotices } from './components/batch-notices';
export { LibraryBatchProgress } from './components/library-batch-progress';
