import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import { WARNING_BANNER_DELAY_MS, shouldShowWarningBanner } from '@riskatlas/domain';
import { useClock } from '../../../lib/clock';

/**
 * The account's custom warning banner (WarningBanner content): shown 2 s after load when set and
 * not starting with '#'. The content is shown as text, never as markup.
 */
export function WarningBanner({ content }: { content: string | null }) {
  const clock = useClock();
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const wanted = shouldShowWarningBanner(content);

  useEffect(() => {
    if (!wanted) return;
    const handle = clock.setTimeout(() => setDue(true), WARNING_BANNER_DELAY_MS);
    return () => clock.clearTimeout(handle);
  }, [wanted, clock]);

  if (!wanted || !due || dismissed) return null;
  return (
    <Alert severity="warning" role="alert" data-testid="warning-banner" onClose={() => setDismissed(true)} sx={{ borderRadius: 0, whiteSpace: 'pre-line' }}>
      {content?.trim()}
    </Alert>
  );
}
