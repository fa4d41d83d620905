export { makeSite } from '../../../test/make-site';
