import { startLandingPage } from './pages/landing-islands.tsx';

/**
 * The landing page's entry (`/`): hydrates its islands only. Every other page starts from main.tsx,
 * which hydrates the whole page. The stylesheet is inlined by the prerenderer, as for every page.
 */
startLandingPage();
