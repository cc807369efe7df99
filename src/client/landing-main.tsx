import { startLandingPage } from './pages/landing-islands.tsx';

/**
 * The landing page's entry (`/`): hydrates its islands only. Every other page starts from main.tsx,
 * which hydrates the whole page. The stylesheet is inlined by the prerenderer, as for every page.
 * The page starts in a task of its own: evaluating the scripts (React DOM's is the largest) is one
 * task and the first islands' hydration another, so a slow phone never sees both as one long task.
 */
setTimeout(startLandingPage, 0);
