import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Each thing in one place (docs/architecture.md "The server"): every e-mail is `<feature>/<name>-email.ts`, its words
 * in content/emails.ts, and mail/ holds only the builder, the handler and the mailer; a table is read and written
 * only in the folder that owns it, other folders call that folder's functions; a function over 80 lines says why
 * in a `// Long: …` line right above it.
 */

const root = path.resolve(import.meta.dirname, '../..');
const serverDir = path.join(root, 'src/server');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(serverDir, file).split(path.sep).join('/');
const sources = sourceFiles(serverDir).map((file) => ({ file: relative(file), text: fs.readFileSync(file, 'utf8') }));

describe('e-mails', () => {
  const templates = sources.filter(({ file, text }) => !file.startsWith('mail/') && /\bdefineEmail\(/.test(text));

  it('are each built in a <feature>/<name>-email.ts, outside mail/', () => {
    expect(templates.length).toBeGreaterThan(0);
    for (const { file } of templates) expect(file, file).toMatch(/^[a-z-]+\/[a-z-]+-email\.ts$/);
  });

  it('take their words from content/emails.ts', () => {
    for (const { file, text } of templates) expect(text, file).toContain("from '../../content/emails.ts'");
  });

  it('leave in mail/ only the builder, the handler and the mailer', () => {
    const mail = sources.filter(({ file }) => file.startsWith('mail/')).map(({ file }) => file);
    expect(mail.sort()).toEqual(['mail/define-email.ts', 'mail/email-handler.ts', 'mail/email-parts.ts', 'mail/mailer.ts']);
  });
});

/** Every table's home: a table not listed here fails the test, so a new table is given one. */
const TABLE_OWNERS: Readonly<Record<string, string>> = {
  orders: 'orders',
  order_items: 'orders',
  webhook_events: 'orders',
  webhook_rejections: 'orders',
  unrecognised_events: 'orders',
  provider_refunds: 'orders',
  med_returns: 'orders',
  open_finance_payments: 'open-finance',
  open_finance_links: 'open-finance',
  order_experiments: 'links',
  access_tokens: 'access',
  member_page_opens: 'access',
  member_page_open_tallies: 'access',
  admin_sessions: 'admin',
  admin_login_limits: 'admin',
  admin_audit: 'admin',
  admin_users: 'admin',
  admin_invites: 'admin',
  admin_session_names: 'admin',
  outbox: 'outbox',
  refunds: 'refunds',
  order_evidence: 'evidence',
  reviews: 'reviews',
  disputes: 'disputes',
  dispute_blocks: 'disputes',
  dispute_polls: 'disputes',
  background_reads: 'background-reads',
  funnel: 'funnel',
  page_version_funnel: 'funnel',
  page_version_visitors: 'funnel',
  experiments: 'experiments',
  experiment_salts: 'experiments',
  experiment_visitors: 'experiments',
  experiment_events: 'experiments',
  whatsapp_messages: 'whatsapp',
  whatsapp_opt_outs: 'whatsapp',
  suppliers: 'suppliers',
  supplier_list_meta: 'suppliers',
  rate_limits: 'http',
  presence: 'live',
  page_versions: 'offer',
  page_editor_drafts: 'offer',
  page_draft_saves: 'offer',
  page_images: 'offer',
  pix_email_quota: 'pix-emails',
  instance_clocks: 'db',
  sandbox_transactions: 'sandbox',
  push_state: 'push',
  push_subscriptions: 'push',
  push_preferences: 'push',
  affiliates: 'affiliates',
  affiliate_settings: 'affiliates',
  affiliate_commissions: 'affiliates',
  affiliate_links: 'affiliates',
  affiliate_payouts: 'affiliates',
  affiliate_payout_lines: 'affiliates',
  affiliate_sessions: 'affiliates',
  affiliate_pix_changes: 'affiliates',
};

/**
 * The reads across a folder, each with its reason; any other crossing fails, and so does a write here. The purchase
 * ledger (purchase/) nets a sale's money from its orders, their items, the refunds that settled and what the provider
 * gave back (STYLE: money has one owner); orders/, refunds/ and payment/ write them.
 */
const LEDGER_READS: Readonly<Record<string, string>> = {
  'purchase/purchase-items.ts → order_items': "a sale's items",
  'purchase/purchase-items.ts → orders': 'the name an add-on was sold under, from its parent',
  'purchase/purchase-service.ts → orders': "a sale's main order and its add-ons",
  'purchase/purchase-service.ts → med_returns': 'each devolução the MED took back of a charge, matched on its own',
  'purchase/purchase-service.ts → provider_refunds': 'net paid: what the provider gave back tied to no item',
  'purchase/purchase-service.ts → refunds': 'net paid: the refunded items of a sale',
};

function tablesOfSchema(): string[] {
  const schema = fs.readFileSync(path.join(serverDir, 'db/schema.ts'), 'utf8');
  const database = schema.slice(schema.indexOf('export interface Database'));
  return [...database.slice(0, database.indexOf('\n}')).matchAll(/^\s+(\w+): \w+Table;$/gm)].map((match) => match[1]!);
}

/** Comments dropped: a sentence that says "read from orders" is no query. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

/** The tables a module's code names in a query: Kysely's builders (aliases too) and raw SQL. */
function tablesTouched(text: string, tables: readonly string[]): string[] {
  const code = withoutComments(text);
  return tables.filter((table) =>
    new RegExp(
      `\\b(?:selectFrom|updateTable|insertInto|deleteFrom|replaceInto|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin)\\(\\s*['"\`]${table}(?: as \\w+)?['"\`]` +
        `|\\b(?:from|join|update|into)\\s+"?${table}"?(?![\\w-])`,
      'i',
    ).test(code),
  );
}

/** reads/ holds the queries written for other folders' screens: it may read any table, and writes none. */
const READS = 'reads/';

/** A write in a module's code, in Kysely's builders or raw SQL. */
function writesIn(text: string): string[] {
  return [
    ...withoutComments(text).matchAll(
      /\b(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\b(?:insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/gi,
    ),
  ].map((match) => match[0]);
}

function crossings(files: ReadonlyArray<{ file: string; text: string }>, tables: readonly string[]): string[] {
  return files.flatMap(({ file, text }) => {
    if (file.startsWith('db/migrations/') || file.startsWith(READS) || !file.includes('/')) return [];
    const folder = file.split('/')[0]!;
    return tablesTouched(text, tables)
      .filter((table) => TABLE_OWNERS[table] !== folder)
      .map((table) => `${file} → ${table}`);
  });
}

describe('tables', () => {
  const tables = tablesOfSchema();

  it('each have one home folder', () => {
    expect(tables.length).toBeGreaterThan(20);
    expect(tables.filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('the orders table is written only in orders/, and read elsewhere only by the ledger', () => {
    expect(crossings(sources, ['orders', 'order_items']).filter((crossing) => !(crossing in LEDGER_READS))).toEqual([]);
  });

  it("are read and written only in their folder, save the ledger's reads of a sale", () => {
    expect(crossings(sources, tables).sort()).toEqual(Object.keys(LEDGER_READS).sort());
    for (const crossing of Object.keys(LEDGER_READS)) {
      const [file, table] = crossing.split(' → ') as [string, string];
      const text = withoutComments(sources.find((source) => source.file === file)!.text);
      expect(text, crossing).not.toMatch(
        new RegExp(`\\b(?:updateTable|insertInto|deleteFrom)\\(\\s*['"\`]${table}['"\`]|\\b(?:update|into)\\s+"?${table}\\b`, 'i'),
      );
    }
  });

  it('are only read in reads/, never written', () => {
    const reads = sources.filter(({ file }) => file.startsWith(READS));
    expect(reads.length).toBeGreaterThan(3);
    expect(reads.flatMap(({ file, text }) => writesIn(text).map((write) => `${file}: ${write}`))).toEqual([]);
  });

  it('would see a write in reads/, in any of its forms', () => {
    for (const text of [
      "db.insertInto('orders').values({})",
      "trx.updateTable('orders').set({})",
      "db.deleteFrom('webhook_events')",
      'sql`UPDATE "orders" SET status = 1`',
      'sql`insert into funnel values (1)`',
      'sql`DELETE FROM outbox`',
    ]) {
      expect(writesIn(text), text).toHaveLength(1);
    }
    expect(writesIn("db.selectFrom('orders').select('updated_at')")).toEqual([]);
  });

  it('would see a query of the orders table from another folder, in any of its forms', () => {
    for (const text of [
      "db.selectFrom('orders').selectAll()",
      "trx.updateTable('orders').set({})",
      "db.selectFrom('refunds').innerJoin('orders', 'orders.id', 'refunds.order_id')",
      "eb.selectFrom('orders as parent')",
      'sql`select count(*) from orders where id = ${id}`',
      'sql`UPDATE "orders" SET status = 1`',
    ]) {
      expect(crossings([{ file: 'funnel/x.ts', text }], ['orders']), text).toEqual(['funnel/x.ts → orders']);
    }
    expect(crossings([{ file: 'funnel/x.ts', text: "// read from orders\ndb.selectFrom('funnel')" }], ['orders'])).toEqual([]);
  });
});

const MAX_FUNCTION_LINES = 80;

/** The statement a function is written in: itself, or the `const` or `export` that holds it. */
function statementOf(node: ts.Node): ts.Node {
  let current = node;
  while (current.parent && !ts.isSourceFile(current.parent) && !ts.isBlock(current.parent) && !ts.isModuleBlock(current.parent)) {
    current = current.parent;
  }
  return current;
}

/** `file:line name (N lines)` for each function body over the limit without a `// Long:` line among its leading comments. */
function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const body = node.body as ts.Node;
      const first = source.getLineAndCharacterOfPosition(body.getStart(source)).line;
      const lines = source.getLineAndCharacterOfPosition(body.getEnd()).line - first + 1;
      const statement = statementOf(node);
      const comments = ts.getLeadingCommentRanges(text, statement.getFullStart()) ?? [];
      const saysWhy = comments.some((range) => /^\/\/ Long: \S/.test(text.slice(range.pos, range.end)));
      if (lines > MAX_FUNCTION_LINES && !saysWhy) {
        const name = 'name' in node && node.name ? (node.name as ts.Node).getText(source) : '(anonymous)';
        found.push(`${file}:${first + 1} ${name} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('functions', () => {
  it(`in src/server stay within ${MAX_FUNCTION_LINES} lines, or say why in a "// Long:" line above them`, () => {
    expect(sources.flatMap(({ file, text }) => longFunctions(file, text))).toEqual([]);
  });

  it('would name a long function that does not say why, and pass one that does', () => {
    const body = Array.from({ length: MAX_FUNCTION_LINES + 1 }, (_, index) => `  const a${index} = ${index};`).join('\n');
    const bare = `/** Does things. */\nexport function big() {\n${body}\n}\n`;
    expect(longFunctions('x/big.ts', bare)).toEqual([`x/big.ts:2 big (${MAX_FUNCTION_LINES + 3} lines)`]);
    expect(longFunctions('x/big.ts', `// Long: a table written as code.\n${bare.replace('/** Does things. */\n', '')}`)).toEqual([]);
    expect(longFunctions('x/big.ts', `export const big = () => {\n${body}\n};\n`)).toHaveLength(1);
    expect(longFunctions('x/small.ts', 'export function small() {\n  return 1;\n}\n')).toEqual([]);
  });
});
