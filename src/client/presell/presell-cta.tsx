import { paths } from '../../shared/routes.ts';
import { track } from '../lib/analytics.ts';
import { acceptPresell } from '../lib/presell-gate.ts';
import { Button } from '../ui/button.tsx';

/**
 * The pre-sell page's one interactive part, "Sim, quero!": records the answer (the landing page's
 * gate reads it) and moves on to the landing page, a document of its own. The ad's parameters stay
 * in the address: the Meta Pixel reads fbclid from it once cookies are accepted, and the visit's
 * copy in sessionStorage (lib/attribution.ts) is kept either way. Its label comes from the page
 * (island props travel in the HTML), so the page's script does not carry the page's whole copy.
 */
export function PresellCta({ label }: { label: string }) {
  const accept = () => {
    acceptPresell();
    track('presell_yes');
    window.location.assign(paths.landing + window.location.search);
  };
  return (
    <Button size="xl" block onClick={accept}>
      {label}
    </Button>
  );
}
