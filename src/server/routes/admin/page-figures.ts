import { versionFigures } from '../../offer/version-figures.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter } from './console.ts';

/** docs/editing.md#figures */
export const adminPageFiguresRoutes = adminRouter().get('/page/figures', async (c) =>
  sendReply(c, 'GET', { versions: await versionFigures(c.var.db) }),
);
