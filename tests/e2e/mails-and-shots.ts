import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { decodeHeader, parseMail } from '../integration/mime.ts';
import { emlFiles } from './admin-helpers.ts';
import { expect } from './fixtures.ts';
import type { RunningServer } from './server.ts';

/** What the buyer-journey specs share: the e-mails in the outbox folder, screenshots, axe-core. */

/** Where the screenshots go for a person to look at (not compared, not committed). */
const SHOTS = path.resolve('.test-output/shots');
const SHOT_SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

interface Mail {
  file: string;
  subject: string;
  text: string;
  html: string;
}

/** The e-mails written for `email` in the server's outbox folder. */
export function mailsTo(server: RunningServer, email: string): Mail[] {
  return emlFiles(server)
    .map((file) => ({ file, mail: parseMail(fs.readFileSync(file, 'utf8')) }))
    .filter(({ mail }) => mail.headers.get('to')?.includes(email))
    .map(({ file, mail }) => ({ file, subject: decodeHeader(mail.headers.get('subject') ?? ''), text: mail.text, html: mail.html }));
}

export async function waitForMail(server: RunningServer, email: string, subject: string, timeout = 20_000): Promise<Mail> {
  await expect.poll(() => mailsTo(server, email).map((mail) => mail.subject), { timeout }).toContain(subject);
  return mailsTo(server, email).find((mail) => mail.subject === subject)!;
}

/** Screenshots at a phone's and a laptop's size: of one element, of what is on screen, or of the whole page. */
export async function shoot(page: Page, name: string, target?: Locator, options: { fullPage?: boolean } = {}): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const viewport of SHOT_SIZES) {
    await page.setViewportSize(viewport);
    const file = path.join(SHOTS, `${name}-${viewport.width}.png`);
    const tall = target ? await target.evaluate(tallerThanItsScreen) : null;
    if (tall) {
      // Cut from the whole page drawn from the top: centred, its top would sit under the sticky header.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: file, animations: 'disabled', fullPage: true, clip: tall });
    } else if (target) {
      // Centred, so the console's sticky header does not cover the element's top.
      await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await target.screenshot({ path: file, animations: 'disabled' });
    } else {
      // From the top for a whole page: its shot draws fixed elements (the demo notice) where the scroll left them.
      if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: file, animations: 'disabled', fullPage: options.fullPage ?? false });
    }
  }
  if (size) await page.setViewportSize(size);
}

/**
 * The element's box in the page when it does not fit on screen below what stays pinned at the top
 * (the console's sticky header), else null.
 */
function tallerThanItsScreen(element: Element): { x: number; y: number; width: number; height: number } | null {
  const pinned = document
    .elementsFromPoint(window.innerWidth / 2, 1)
    .filter((node) => ['sticky', 'fixed'].includes(getComputedStyle(node).position))
    .map((node) => node.getBoundingClientRect().height);
  const rect = element.getBoundingClientRect();
  if (rect.height + 2 * Math.max(0, ...pinned) <= window.innerHeight) return null;
  return { x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height };
}

/** axe-core finds nothing (or, with `impacts`, nothing of those impacts) on the page or in `scope`. */
export async function expectNoAxeViolations(page: Page, scope?: string, impacts?: readonly string[]): Promise<void> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (scope ? builder.include(scope) : builder).analyze();
  expect(
    violations
      .filter((violation) => !impacts || impacts.includes(violation.impact ?? ''))
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
