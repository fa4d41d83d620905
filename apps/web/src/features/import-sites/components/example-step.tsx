import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TImportFileInfo, TImportMapping } from '@riskatlas/domain';
import { fieldLabel } from './file-step';

/** How many example rows the review shows. */
const EXAMPLE_ROWS = 3;

/** Mode 1.5: the first rows of the file as the sites they will become, field by field. */
export function ExampleStep({ info, mapping, externalIdName }: { info: TImportFileInfo; mapping: TImportMapping; externalIdName: string }) {
  const mapped = mapping.filter((entry) => entry.field !== null);
  const rows = Array.from({ length: Math.min(EXAMPLE_ROWS, info.rowCount) }, (_, index) => index);
  const value = (columnIndex: number, row: number) => info.columns.find((column) => column.columnIndex === columnIndex)?.examples[row] ?? '';
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        The first {rows.length === 1 ? 'row' : `${rows.length} rows`} of the file as they will be imported. If a value sits in the wrong field, go back and
        match the columns again.
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Import example">
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              {rows.map((row) => (
                <TableCell key={row}>Row {row + 1}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {mapped.map((entry) => (
              <TableRow key={entry.columnIndex}>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {fieldLabel(entry.field!, externalIdName)}
                </TableCell>
                {rows.map((row) => (
                  <TableCell key={row} sx={{ overflowWrap: 'anywhere' }}>
                    {value(entry.columnIndex, row) || <Typography component="span" color="text.disabled">(empty)</Typography>}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
