import { MAX_ARCHIVE_REPORTS_WITH_CONTEXT, REPORT_SECTIONS, type ReportSectionKey } from '@riskatlas/domain';

/** The sections an archive of more than 50,000 reports leaves out: proximity and demographics. */
const CONTEXT_SECTIONS: readonly ReportSectionKey[] = ['proximity', 'demographics'];

/** The bits of the context sections in a section value. */
const CONTEXT_BITS = REPORT_SECTIONS.filter((section) => CONTEXT_SECTIONS.includes(section.key)).reduce((bits, section) => bits | section.bit, 0);

/** The PDFs' section value of an archive of `count` reports, and whether sections were taken out for its size. */
export interface ArchiveSections {
  sections: number;
  contextSectionsRemoved: boolean;
}

/**
 * The section value an archive's PDFs are made with: as asked up to 50,000 reports; above that,
 * without the proximity and demographics sections (each of which reads per-report context data
 * that would multiply the time of a very large archive).
 */
export function archiveSections(sections: number, count: number): ArchiveSections {
  if (count <= MAX_ARCHIVE_REPORTS_WITH_CONTEXT) return { sections, contextSectionsRemoved: false };
  const kept = sections & ~CONTEXT_BITS;
  return { sections: kept, contextSectionsRemoved: kept !== sections };
}
