import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { insufficientLicensesMessage, productName, WizardMessages } from '@riskatlas/domain';
import type { WizardSubmit } from '../hooks/use-wizard-submit';

/**
 * Step 3: what will be created, the licences it will use against what the account has left,
 * and the e-mail option. When licences are short it names each shortfall and offers no way on.
 */
export function StepSummary({ submit, lines, impersonating }: { submit: WizardSubmit; lines: readonly string[]; impersonating: boolean }) {
  const props = {
    lines,
    needs: submit.needs,
    remaining: submit.remaining,
    shortfalls: submit.shortfalls,
    loading: submit.loading,
  };
  const emailLabel = impersonating ? 'Send an e-mail to the impersonating user when it is ready' : 'Send me an e-mail when it is ready';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {props.lines.map((line) => (
          <Typography component="li" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
      {props.loading ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography variant="body2">Counting licences…</Typography>
        </Box>
      ) : props.needs && props.remaining ? (
        <Table size="small" aria-label="Licences">
          <TableHead>
            <TableRow>
              <TableCell>Licence</TableCell>
              <TableCell align="right">Will use</TableCell>
              <TableCell align="right">You have left</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {Object.entries(props.needs).map(([key, count]) => (
              <TableRow key={key}>
                <TableCell>{productName(Number(key))}</TableCell>
                <TableCell align="right">{count.toLocaleString()}</TableCell>
                <TableCell align="right">{Math.max(0, props.remaining?.[key] ?? 0).toLocaleString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {props.shortfalls.length > 0 ? (
        <Alert severity="error" role="alert">
          {props.shortfalls.map((shortfall) => (
            <div key={shortfall.productId}>{insufficientLicensesMessage(shortfall.productId, shortfall.needed, shortfall.remaining)}</div>
          ))}
          <div>{WizardMessages.buyMoreLicences}</div>
        </Alert>
      ) : null}
      <FormControlLabel control={<Checkbox checked={submit.sendEmail} onChange={(event) => submit.setSendEmail(event.target.checked)} />} label={emailLabel} />
    </Box>
  );
}
