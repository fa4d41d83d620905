import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { TDataSource } from '@riskatlas/domain';
import { PageHeader } from '../../../components/page-header';
import { useSignedInUser } from '../../../lib/api/current-user';
import { useQueryParam } from '../../../lib/navigation';
import { useDataSources } from '../api/get-data-sources';

/** helpTopic values that scroll to a section. */
const TOPICS = ['about', 'support', 'keyboard', 'attribution'] as const;

function Section({ id, title, children }: { id: (typeof TOPICS)[number]; title: string; children: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`help-${id}`} sx={{ p: { xs: 2, sm: 3 }, mb: 3 }} id={`help-topic-${id}`} tabIndex={-1}>
      <Typography variant="h6" component="h2" id={`help-${id}`} gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** What each part of the product does with a source (a part this version does not know is shown by its name). */
const USES: Readonly<Record<string, string>> = {
  gazetteer: 'Geocoding, place search and boundaries',
  scoring: 'Crime-risk scores',
  proximity: 'Points of interest near a site',
  demographics: 'County demographics',
};

function usesOf(source: TDataSource): string {
  return (source.usedBy ?? []).map((use) => USES[use] ?? use).join('; ');
}

/** The attribution table: every source of the server's data pack and what its licence asks us to show. */
function Attributions() {
  const sources = useDataSources();
  if (sources.isPending) return <CircularProgress size={24} aria-label="Loading data sources" />;
  if (sources.isError) return <Alert severity="error">The data sources could not be loaded. {sources.error.message}</Alert>;
  return (
    <Table size="small" aria-label="Data sources">
      <TableHead>
        <TableRow>
          <TableCell>Source</TableCell>
          <TableCell>Used for</TableCell>
          <TableCell>Licence</TableCell>
          <TableCell>Attribution</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {sources.data.map((source) => (
          <TableRow key={`${source.publisher}|${source.name}`}>
            <TableCell>
              {source.url ? (
                <Link href={source.url} target="_blank" rel="noopener noreferrer">
                  {source.name}
                </Link>
              ) : (
                source.name
              )}
              <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                {source.publisher}
              </Typography>
            </TableCell>
            <TableCell>{usesOf(source)}</TableCell>
            <TableCell>{source.licence}</TableCell>
            <TableCell>{source.attribution}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Help & Support: what RiskAtlas is, how to get support, keyboard use, and data sources with attribution. */
export default function HelpPage() {
  const user = useSignedInUser();
  const topic = useQueryParam('helpTopic');
  const supportId = user.account.supportId;

  useEffect(() => {
    if (!topic || !(TOPICS as readonly string[]).includes(topic)) return;
    const section = document.getElementById(`help-topic-${topic}`);
    section?.scrollIntoView?.({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [topic]);

  return (
    <>
      <PageHeader title="Help & Support" />
      <Section id="about" title="What RiskAtlas is">
        <Typography sx={{ mb: 2 }}>
          RiskAtlas scores the crime risk of the places your organisation operates: offices, stores, warehouses and other
          sites. You keep your sites in the Site Library and buy reports for them at three levels (Basic, Premium and
          Premium Plus). A report scores a site under one or more scoring methodologies, from published crime statistics
          and the population around it, for sites in the United States, Canada, Mexico, Puerto Rico and the United Kingdom.
        </Typography>
        <Typography>
          Larger tasks, such as exports, run in the background: the notifications bell at the top of the page shows their
          progress, and the files they produce are listed under File Downloads in the user menu.
        </Typography>
      </Section>
      <Section id="support" title="Getting support">
        <Typography sx={{ mb: 2 }}>
          For questions about your account, your users or what you may buy, contact your account administrator first.
          For help with the product itself, contact the RiskAtlas support desk.
        </Typography>
        {supportId ? (
          <Typography>
            Your support ID is <strong data-testid="support-id">{supportId}</strong>. Please quote it when you contact
            support so we can find your account quickly.
          </Typography>
        ) : (
          <Typography>When you contact support, tell us your company name ({user.account.company}) and the e-mail address you sign in with.</Typography>
        )}
      </Section>
      <Section id="keyboard" title="Keyboard use">
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          <li>
            <kbd>Tab</kbd> and <kbd>Shift</kbd>+<kbd>Tab</kbd> move between controls; the focused control is outlined.
          </li>
          <li>
            <kbd>Enter</kbd> or <kbd>Space</kbd> activates a button or link.
          </li>
          <li>Arrow keys move within menus and lists.</li>
          <li>
            <kbd>Escape</kbd> closes a menu or dialog.
          </li>
          <li>The first Tab on a page offers a “Skip to main content” link that passes the navigation.</li>
        </Box>
        <Typography sx={{ mt: 2 }}>
          The{' '}
          <Link href="/accessibility.html" target="_blank" rel="noopener">
            accessibility statement (opens in a new window)
          </Link>{' '}
          explains how RiskAtlas supports assistive technology.
        </Typography>
      </Section>
      <Section id="attribution" title="Data sources & attribution">
        <Typography sx={{ mb: 2 }}>RiskAtlas scores are derived from the following data. Their publishers require this attribution.</Typography>
        <Attributions />
      </Section>
    </>
  );
}
