import { startPresellPage } from './pages/presell-islands.tsx';

/**
 * The pre-sell page's entry (`/presell`): hydrates its button only, like the landing page's entry.
 * The stylesheet is inlined by the prerenderer, as for every page. The page starts in a task of its
 * own, after the scripts' evaluation.
 */
setTimeout(startPresellPage, 0);
