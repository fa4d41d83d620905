import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TDemographicName, TDemographicSection, TReportDemographics } from '@riskatlas/domain';
import { EmptyState } from '../../../components/empty-state';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { PageSpinner } from '../../../components/page-spinner';
import { errorMessage } from '../../../lib/api-client';
import { useReportDemographics } from '../api/get-report-demographics';
import type { ReportContextPanelProps } from './proximity-panel';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A value with its unit: "$59,426", "25.1%", "30.2 minutes", "5,238,541 people"; "—" where the source has none. */
function formatDemographic(value: number | null | undefined, unit: string): string {
  if (value === null || value === undefined) return '—';
  if (unit === '$') return `$${whole.format(value)}`;
  if (unit === '%') return `${decimal.format(value)}%`;
  return `${Number.isInteger(value) ? whole.format(value) : decimal.format(value)} ${unit}`;
}

/** One section: its variables, then its subsections one level deeper. */
function SectionNode({ section, data, level, showAll }: { section: TDemographicSection; data: TReportDemographics; level: number; showAll: boolean }) {
  const names = data.demographicNames.filter((name: TDemographicName) => name.demographicSectionID === section.demographicSectionID && (showAll || name.visible));
  const children = data.demographicSections.filter((child) => child.parentID === section.demographicSectionID);
  const headingId = `demographic-section-${section.demographicSectionID}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ pl: level === 0 ? 0 : 2, mb: 2 }}>
      <Typography id={headingId} variant={level === 0 ? 'subtitle1' : 'subtitle2'} component={level === 0 ? 'h3' : 'h4'} sx={{ fontWeight: 600 }}>
        {section.sectionName}
      </Typography>
      {names.length > 0 ? (
        <Table size="small" aria-label={section.sectionName}>
          <TableBody>
            {names.map((name) => (
              <TableRow key={name.dataName}>
                <TableCell component="th" scope="row">
                  {name.displayName}
                </TableCell>
                <TableCell align="right">{formatDemographic(data.demographics[name.dataName], name.unit)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {children.map((child) => (
        <SectionNode key={child.demographicSectionID} section={child} data={data} level={level + 1} showAll={showAll} />
      ))}
    </Box>
  );
}

/**
 * Report mode 6, demographic variables: the county's values as a tree of sections, each value
 * with its unit. Margins of error are hidden until asked for. A report without the Demographics
 * add-on says so.
 */
export function DemographicsPanel({ report }: ReportContextPanelProps) {
  const [showAll, setShowAll] = useState(false);
  const demographics = useReportDemographics(report.accountProductReportId, report.hasDemographics);
  if (!report.hasDemographics) {
    return <EmptyState title="This report has no demographics">Upgrade the report with the Demographics add-on to see the county&apos;s population, income, work and housing.</EmptyState>;
  }
  if (demographics.isPending) return <PageSpinner label="Loading demographics" />;
  if (demographics.isError) return <ErrorWithRetry message={errorMessage(demographics.error)} onRetry={() => void demographics.refetch()} />;
  const data = demographics.data;
  const sources = [...new Set(data.demographicNames.map((name) => name.source))].join('; ');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2">
          Demographics of {data.countyName}
        </Typography>
        <FormControlLabel control={<Switch checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />} label="Show margins of error" />
      </Box>
      {data.demographicSections
        .filter((section) => section.parentID === null)
        .map((section) => (
          <SectionNode key={section.demographicSectionID} section={section} data={data} level={0} showAll={showAll} />
        ))}
      <Typography variant="caption" color="text.secondary">
        Sources: {sources}.
      </Typography>
    </Paper>
  );
}
