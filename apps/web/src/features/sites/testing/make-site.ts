/** The site fixture moved to src/test, shared by the features that show sites. */
export { makeSite } from '../../../test/site-fixtures';
