import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { TPoliceSummaryResponse } from '@riskatlas/domain';

/** The police summary: a row per crime type, a column per year, the counts within the radius. */
export function PoliceSummaryTable({ summary }: { summary: TPoliceSummaryResponse['summary'] }) {
  const years = [...new Set(Object.values(summary).flatMap((entries) => entries.map((entry) => entry.year)))].sort((a, b) => b - a);
  const types = Object.keys(summary).sort();
  return (
    <Table size="small" aria-label="Crimes by type">
      <TableHead>
        <TableRow>
          <TableCell>Crime type</TableCell>
          {years.map((year) => (
            <TableCell key={year} align="right">
              {year}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {types.map((type) => (
          <TableRow key={type}>
            <TableCell component="th" scope="row">
              {type}
            </TableCell>
            {years.map((year) => (
              <TableCell key={year} align="right">
                {summary[type]!.find((entry) => entry.year === year)?.count ?? 0}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
