import PresellPage from './pages/presell-page.tsx';
import { startApp } from './start-app.tsx';

/**
 * The pre-sell page's entry: the page an ad sends buyers to comes in the entry's own chunk, not
 * after it (routes.ts). The stylesheet is inlined by the prerenderer, as for every page.
 */
startApp(PresellPage);
