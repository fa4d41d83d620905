// The projection and international-band sections of `npm run validate:model`, run after
// run-validation.ts: the projection backtest (docs/methodology.md §4) and the non-US bands' coverage
// on held-out areas (the validation section of docs/methodology.md). Both read the committed scoring pack only; reproducible.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeDocSections } from './doc-sections';
import { internationalBandsMarkdown } from './international-bands';
import { projectionMarkdown } from './projection-markdown';

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const projection = projectionMarkdown();
  const bands = internationalBandsMarkdown();
  console.log(projection);
  console.log(bands);
  writeDocSections({ projection, 'bands-intl': bands });
  console.log('docs/methodology.md updated (projection, bands-intl).');
}
