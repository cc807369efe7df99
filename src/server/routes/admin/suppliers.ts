import { zValidator } from '@hono/zod-validator';
import { admin as copy } from '../../../content/admin.ts';
import { apiErrors } from '../../../content/api-errors.ts';
import { AdminSupplierCsvSchema, AdminSupplierListQuerySchema } from '../../../shared/admin.ts';
import { supplierCsvFileName } from '../../../shared/suppliers.ts';
import { recordAudit } from '../../admin/admin-audit.ts';
import { apiError, limitBody } from '../../http/http.ts';
import { describeSupplierList, exportSupplierList, importSupplierList, previewSupplierImport } from '../../suppliers/supplier-import.ts';
import { sendReply } from '../api-reply.ts';
import { adminRouter, auditClient, download, json, tooLarge } from './console.ts';

const csvBody = [limitBody(4 * 1024 * 1024, tooLarge), json(AdminSupplierCsvSchema)] as const;

const supplierList = zValidator('query', AdminSupplierListQuerySchema, (result, c) => {
  if (!result.success) return apiError(c, 404, apiErrors.notFound);
});

export const adminSuppliersRoutes = adminRouter()
  .get('/suppliers', supplierList, async (c) => sendReply(c, 'GET', await describeSupplierList(c.var.db, c.req.valid('query').list)))

  .get('/suppliers.csv', supplierList, async (c) => {
    const { list } = c.req.valid('query');
    const { csv, rows } = await exportSupplierList(c.var.db, list);
    await recordAudit(c.var.db, {
      session: c.var.session,
      action: 'export_suppliers',
      detail: { rows, list },
      client: auditClient(c),
      now: c.var.now(),
    });
    return download(c, csv, 'text/csv', supplierCsvFileName(list));
  })

  .post('/suppliers/preview', ...csvBody, (c) => {
    const preview = previewSupplierImport(c.req.valid('json').csv);
    return sendReply(c, 'POST', {
      valid: preview.errors.length === 0,
      count: preview.rows.length,
      categories: preview.categories,
      errors: preview.errors.slice(0, 200),
    });
  })

  .post('/suppliers', supplierList, ...csvBody, async (c) => {
    const at = c.var.now();
    const { list } = c.req.valid('query');
    const result = await importSupplierList(c.var.db, list, c.req.valid('json').csv, at);
    if (result.kind === 'invalid') return c.json({ error: copy.api.supplierInvalid, errors: result.errors.slice(0, 200) }, 422);
    await recordAudit(c.var.db, {
      session: c.var.session,
      action: 'import_suppliers',
      detail: { count: result.meta.count, list },
      now: at,
    });
    const { count, updatedAt, example } = result.meta;
    return sendReply(c, 'POST', { count, updatedAt, example });
  });
