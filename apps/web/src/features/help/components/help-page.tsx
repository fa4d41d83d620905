import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { useSignedInUser } from '../../../lib/api/current-user';
import { useQueryParam } from '../../../lib/navigation';

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

/** The data this product is built on and the attribution their licences require. */
const ATTRIBUTIONS: { source: string; use: string; notice: string }[] = [
  {
    source: 'data.police.uk, Office for National Statistics, Home Office, MHCLG',
    use: 'Crime, population and deprivation for the United Kingdom',
    notice: 'Contains public sector information licensed under the Open Government Licence v3.0.',
  },
  { source: 'GeoNames', use: 'Postal code locations', notice: 'Postal code data © GeoNames (CC-BY 4.0).' },
  {
    source: 'FBI Uniform Crime Reporting (UCR) Program',
    use: 'Crime statistics for the United States',
    notice: 'Source: FBI Uniform Crime Reporting Program (public domain).',
  },
  {
    source: 'US Census Bureau',
    use: 'Population and demographics for the United States and Puerto Rico',
    notice: 'Source: U.S. Census Bureau (public domain).',
  },
  {
    source: 'SESNSP and INEGI',
    use: 'Crime incidence and state boundaries for Mexico',
    notice: 'Source: Secretariado Ejecutivo del Sistema Nacional de Seguridad Pública (SESNSP) and INEGI, under the Libre Uso MX terms.',
  },
  {
    source: 'Statistics Canada',
    use: 'Crime Severity Index for Canada',
    notice:
      'Adapted from Statistics Canada, Crime Severity Index, under the Statistics Canada Open Licence. This does not constitute an endorsement by Statistics Canada of this product.',
  },
];

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
        <Table size="small" aria-label="Data sources">
          <TableHead>
            <TableRow>
              <TableCell>Source</TableCell>
              <TableCell>Used for</TableCell>
              <TableCell>Attribution</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ATTRIBUTIONS.map((row) => (
              <TableRow key={row.source}>
                <TableCell>{row.source}</TableCell>
                <TableCell>{row.use}</TableCell>
                <TableCell>{row.notice}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Section>
    </>
  );
}
