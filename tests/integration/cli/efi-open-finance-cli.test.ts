/**
 * `npm run efi-open-finance` (src/server/cli/provider-command.ts, Efí's commands in gateway/providers/efi/efi-commands.ts) as a real process, with the server's settings in its environment, against the
 * Open Finance stand-in (tests/support/providers/efi/efi-open-finance-stand-in.ts): HTTPS with the seller's client
 * certificate on every call, its CA trusted only through NODE_EXTRA_CA_CERTS. The calls and answers follow
 * `PUT|GET /v1/config` as the sources heading tests/integration/open-finance/provider-efi-open-finance.test.ts list them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providersEnv } from '../../support/provider-rig.ts';
import { EfiOpenFinanceStandIn, OPEN_FINANCE_TEST_SELLER } from '../../support/providers/efi/efi-open-finance-stand-in.ts';
import { makeTestPki, type TestPki } from '../../support/providers/efi/efi-stand-in.ts';

const SITE = 'https://loja.example';
const HMAC_SECRET = 'b7e1c0d9a4f2e6b8';
/** A process started from source on a busy machine. */
const SLOW = 60_000;

let pki: TestPki;
let standIn: EfiOpenFinanceStandIn;
let dataDir: string;

beforeAll(() => {
  pki = makeTestPki();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-efi-open-finance-'));
});

afterAll(() => {
  pki.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  standIn = new EfiOpenFinanceStandIn({ pki, ...OPEN_FINANCE_TEST_SELLER });
  await standIn.start();
});

afterEach(async () => {
  await standIn.stop();
});

function env(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    ...providersEnv(['efi'], {
      EFI_CLIENT_ID: OPEN_FINANCE_TEST_SELLER.clientId,
      EFI_CLIENT_SECRET: OPEN_FINANCE_TEST_SELLER.clientSecret,
      EFI_CERTIFICATE: pki.sellerP12Path,
      EFI_PIX_KEY: OPEN_FINANCE_TEST_SELLER.pixKey,
      EFI_OPEN_FINANCE: 'on',
      EFI_OPEN_FINANCE_API_URL: standIn.url,
    }),
    PUBLIC_URL: SITE,
    ...extra,
  };
}

function run(args: string[], variables: Record<string, string | undefined>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/provider-command.ts', 'efi', 'open-finance', ...args],
      { env: { ...process.env, DATA_DIR: dataDir, NODE_EXTRA_CA_CERTS: path.join(pki.dir, 'ca.crt'), ...variables }, timeout: SLOW },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

describe('efi-open-finance command', () => {
  it(
    'registers the redirect and the webhook with the hmac, never printing it, and --check then says they are this server’s',
    async () => {
      const registered = await run([], env({ EFI_WEBHOOK_HMAC: HMAC_SECRET }));
      expect({ code: registered.code, stderr: registered.stderr }).toEqual({ code: 0, stderr: '' });
      expect(registered.stdout.trim()).toBe(
        `Efí Open Finance: redirectURL ${SITE}/api/open-finance/volta, webhookURL ${SITE}/api/webhooks/efi-open-finance (hmac), this server's settings`,
      );
      expect(standIn.config).toEqual({
        redirectURL: `${SITE}/api/open-finance/volta`,
        webhookURL: `${SITE}/api/webhooks/efi-open-finance`,
        webhookSecurity: { type: 'hmac', hash: HMAC_SECRET },
      });
      expect(registered.stdout + registered.stderr).not.toContain(HMAC_SECRET);

      const checked = await run(['--check'], env({ EFI_WEBHOOK_HMAC: HMAC_SECRET }));
      expect(checked.code).toBe(0);
      const mtls = await run(['--check'], env());
      expect(mtls.code).toBe(1);
      expect(mtls.stdout).toContain("(hmac), not this server's:");
      expect(standIn.violations).toEqual([]);
    },
    SLOW * 3,
  );

  it(
    'names what is wrong in one line: Open Finance off, or credentials Efí refuses',
    async () => {
      const off = await run([], env({ EFI_OPEN_FINANCE: undefined }));
      expect(off.code).toBe(2);
      expect(off.stderr).toContain('EFI_OPEN_FINANCE is not on');
      const refused = await run([], env({ EFI_CLIENT_SECRET: 'wrong' }));
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n').at(-1)).toBe(
        'Efí Open Finance settings not registered: Efí refused the credentials EFI_CLIENT_ID / EFI_CLIENT_SECRET: does the application have API Open Finance turned on?',
      );
      expect(standIn.config).toBeNull();
    },
    SLOW * 2,
  );
});
