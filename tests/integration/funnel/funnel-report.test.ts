import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { quietHoursAround } from '../../support/quiet-hours.ts';
import { buy, sandboxSays } from '../../support/purchase.ts';
import { createSqliteDb } from '../test-db.ts';
import { useTestServer } from '../../support/test-server.ts';

const run = promisify(execFile);

describe('npm run report', () => {
  const running = useTestServer({ create: createSqliteDb }, () => ({ WHATSAPP_QUIET_HOURS: quietHoursAround(Date.now()) }));

  const event = (name: string, path: string) =>
    fetch(`${running.server.url}/api/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, path }),
    });

  it('reads the counts the real API recorded and prints the rates between steps', async () => {
    const { db, server } = running;
    for (let index = 0; index < 10; index++) await event('page_view', '/presell');
    for (let index = 0; index < 8; index++) await event('presell_yes', '/presell');
    for (let index = 0; index < 8; index++) await event('page_view', '/');
    for (let index = 0; index < 4; index++) await event('begin_checkout', '/');
    // Two real orders through the checkout API, one of them paid through a postback.
    const orderIds: string[] = [];
    for (let index = 0; index < 2; index++) {
      const { orderId } = await buy(server, {
        buyer: { name: 'Ana Paula', email: `ana${index}@example.com`, phone: `1198765432${index}` },
        fields: {
          // The paid one came from a Meta ad campaign; the other had no campaign parameters.
          ...(index === 0 ? { attribution: { utm_source: 'fb', utm_campaign: 'black', utm_medium: 'cpc' } } : {}),
          // The paid one also asked for WhatsApp: the demo records its PIX message, which comes before the payment.
          ...(index === 0 ? { whatsappConsent: true } : {}),
          // Both came through one affiliate's link, in any case.
          affiliate: index === 0 ? 'Lia2026' : 'lia2026',
        },
      });
      orderIds.push(orderId);
    }
    await server.background.idle();
    await sandboxSays(server, db, orderIds[0]!, 'paid');
    await server.background.idle();
    await fetch(`${server.url}/nao-existe`);

    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/report.ts', '--days', '3'], {
      env: { ...process.env, DATA_DIR: db.dir },
    });
    expect(stdout).toContain('Funnel for the last 3 days');
    expect(stdout).toMatch(/Pre-sell page views\s+10\s+—/);
    expect(stdout).toMatch(/"Sim, quero!" clicks\s+8\s+80\.0%/);
    expect(stdout).toMatch(/Landing page views\s+8\s+100\.0%/);
    expect(stdout).toMatch(/Checkouts started\s+4\s+50\.0%/);
    expect(stdout).toMatch(/Orders created\s+2\s+50\.0%/);
    expect(stdout).toMatch(/Orders paid\s+1\s+50\.0%/);
    expect(stdout).toContain('Overall: 10.0% of pre-sell visitors paid.');
    expect(stdout).toContain('Pages not found (404): 1');
    // Sales by source / campaign: PIX generated, paid, conversion, revenue.
    expect(stdout).toContain('Sales by source / campaign');
    expect(stdout).toMatch(/fb \/ black\s+1\s+1\s+100\.0%\s+R\$\s19,90/);
    expect(stdout).toMatch(/\(none\) \/ \(none\)\s+1\s+0\s+0\.0%\s+R\$\s0,00/);
    // Sales by affiliate: the link's code, PIX generated, paid, conversion, the share given back, revenue.
    expect(stdout).toContain('Sales by affiliate');
    expect(stdout).toMatch(/lia2026\s+2\s+1\s+50\.0%\s+0\.0%\s+R\$\s19,90/);

    expect(stdout).toContain('Recovery (PIX created, and orders paid,');
    expect(stdout).toMatch(/PIX generated\s+2\n/);
    expect(stdout).toMatch(/Paid without any reminder\s+0\n/);
    expect(stdout).toMatch(/Paid after an e-mail reminder\s+0\n/);
    expect(stdout).toMatch(/Paid after a WhatsApp message\s+1\n/);
    expect(stdout).toMatch(/Paid after "Cobrar no WhatsApp"\s+0\n/);
    expect(stdout).toMatch(/Revenue recovered\s+R\$\s19,90\n/);
    // The PIX message and, after the payment, the access message, at the default 4 centavos each.
    expect(stdout).toMatch(/WhatsApp messages sent\s+2\n/);
    expect(stdout).toMatch(/Estimated WhatsApp cost\s+R\$\s0,08\n/);
    expect(stdout).toContain('Demo: WhatsApp messages recorded without the Cloud API count as sent.');
  });

  it('refuses a bad --days with a usage line', async () => {
    const { db } = running;
    await expect(
      run(process.execPath, ['--import', 'tsx', 'src/server/cli/report.ts', '--days', 'abc'], {
        env: { ...process.env, DATA_DIR: db.dir },
      }),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--days must be a whole number') });
  });
});
