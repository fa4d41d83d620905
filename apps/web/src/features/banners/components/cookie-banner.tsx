import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { COOKIE_ACK_UNTIL } from '@riskatlas/domain';
import { usePref } from '../../../lib/api/get-pref';
import { useSavePref } from '../../../lib/api/save-pref';
import { useClock } from '../../../lib/clock';
import { readStored, writeStored } from '../../../lib/storage';

const LOCAL_KEY = 'riskatlas.cookieConsent';

function stillValid(until: string | null | undefined, now: number): boolean {
  if (!until) return false;
  const time = Date.parse(until);
  return Number.isFinite(time) && time > now;
}

/**
 * The cookie notice: shown until acknowledged; the acknowledgement lasts until 2099.
 * It is kept in this browser (so it holds on the sign-in page) and, when signed in, with the user
 * (POST users/prefs?type=cookieConsent), so it follows them to other browsers. `signedIn` is
 * undefined while the session is not known yet: nothing shows until it is.
 */
export function CookieBanner({ signedIn: known }: { signedIn: boolean | undefined }) {
  const signedIn = known === true;
  const clock = useClock();
  const [local, setLocal] = useState(() => readStored('local', LOCAL_KEY));
  const saved = usePref('cookieConsent', { enabled: signedIn });
  const save = useSavePref('cookieConsent');
  const now = clock.now();
  const localAck = stillValid(local, now);
  const serverAck = signedIn && stillValid(saved.data?.acknowledgedUntil, now);
  const { mutate: saveConsent } = save;

  // Keep the two records in step: an acknowledgement in either place counts for both.
  useEffect(() => {
    if (!signedIn || !saved.isSuccess) return;
    if (localAck && !serverAck) saveConsent({ acknowledgedUntil: local ?? COOKIE_ACK_UNTIL });
    // Remembered here too, so the banner stays away on the sign-in page after signing out.
    if (serverAck && !localAck && saved.data) writeStored('local', LOCAL_KEY, saved.data.acknowledgedUntil);
  }, [signedIn, saved.isSuccess, saved.data, localAck, serverAck, local, saveConsent]);

  // While the user's saved answer loads, say nothing rather than flash the banner.
  if (known === undefined || localAck || serverAck || (signedIn && saved.isPending)) return null;

  const acknowledge = () => {
    writeStored('local', LOCAL_KEY, COOKIE_ACK_UNTIL);
    setLocal(COOKIE_ACK_UNTIL);
    if (signedIn) saveConsent({ acknowledgedUntil: COOKIE_ACK_UNTIL });
  };

  return (
    <Paper
      role="region"
      aria-label="Cookie notice"
      data-testid="cookie-banner"
      elevation={6}
      square
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (theme) => theme.zIndex.snackbar - 1, p: 2 }}
    >
      <Box sx={{ maxWidth: 1100, mx: 'auto', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Typography variant="body2" sx={{ flex: '1 1 320px' }}>
          RiskAtlas uses cookies that are necessary to keep you signed in securely and to remember your settings. By
          continuing to use RiskAtlas you acknowledge their use.
        </Typography>
        <Button variant="contained" onClick={acknowledge}>
          Acknowledge
        </Button>
      </Box>
    </Paper>
  );
}
