/**
 * `npm run efi-webhook` (src/server/cli/provider-command.ts, Efí's commands in gateway/providers/efi/efi-commands.ts) as a real process, with the server's
 * settings in its environment, against the Efí stand-in (tests/support/providers/efi/efi-stand-in.ts):
 * HTTPS with a client certificate required on every call, its CA trusted by the process only
 * through NODE_EXTRA_CA_CERTS, as a seller's machine trusts Efí's.
 *
 * Sources for the calls and replies:
 * - Banco Central, "API Pix" 2.9.0, github.com/bacen/pix-api `openapi.yaml`: `PUT /webhook/{chave}`
 *   (body `WebhookSolicitado`, `webhookUrl` alone; 200 with no body; 400 `WebhookOperacaoInvalida` when
 *   {chave} is not a key of this receiving user), `GET /webhook/{chave}` (`WebhookCompleto`, example
 *   `webhookResponse1`; 404 `WebhookNaoEncontrado`), the callback `POST {webhookUrl}/pix`, the scopes
 *   `webhook.write` / `webhook.read`.
 * - Efí: github.com/efipay/sdk-node-apis-efi `src/lib/endpoints.js` (`pixConfigWebhook`,
 *   `PUT /v2/webhook/:chave`, sends `x-skip-mtls-checking: !validateMtls`) and
 *   examples/pix/webhooks/cob-cobv/pixConfigWebhook.js; dev.efipay.com.br/docs/api-pix/webhooks (mTLS on
 *   the webhook; Efí tests the URL before accepting it); comunidade.sejaefi.com.br "Configuração de
 *   Webhook com Skip-mTLS" (2025-01-17) and the `?hmac=…&ignorar=` URL (`ignorar=` takes the `/pix`
 *   Efí appends), as docs/payments.md#efí describes.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providersEnv } from '../../support/provider-rig.ts';
import { mercadoPagoVariables } from '../../support/providers/mercadopago/mercadopago-stand-in.ts';
import { EfiStandIn, makeTestPki, type TestPki } from '../../support/providers/efi/efi-stand-in.ts';

const CLIENT_ID = 'Client_Id_efi_webhook';
const CLIENT_SECRET = 'Client_Secret_efi_webhook';
const PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61d36906';
const HMAC_SECRET = 'f3c9a1d27e5b48c0a6d1e9b7c2f4a8d0';
const SITE = 'https://loja.example';
/** A process started from source on a busy machine. */
const SLOW = 60_000;

let pki: TestPki;
let standIn: EfiStandIn;
let dataDir: string;

beforeAll(() => {
  pki = makeTestPki();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-efi-webhook-'));
});

afterAll(() => {
  pki.cleanup();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  standIn = new EfiStandIn({ pki, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, pixKey: PIX_KEY });
  await standIn.start();
});

afterEach(async () => {
  await standIn.stop();
});

/** The seller's settings for Efí alone; `extra` adds or replaces (undefined removes). */
function efiEnv(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return {
    ...providersEnv(['efi'], {
      EFI_CLIENT_ID: CLIENT_ID,
      EFI_CLIENT_SECRET: CLIENT_SECRET,
      EFI_CERTIFICATE: pki.sellerP12Path,
      EFI_PIX_KEY: PIX_KEY,
      EFI_API_URL: standIn.url,
    }),
    PUBLIC_URL: SITE,
    ...extra,
  };
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command as `npm run efi-webhook` does (tsx), trusting the stand-in's CA through NODE_EXTRA_CA_CERTS. */
function runCommand(args: string[], env: Record<string, string | undefined>): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli/provider-command.ts', 'efi', 'webhook', ...args],
      { env: { ...process.env, DATA_DIR: dataDir, NODE_EXTRA_CA_CERTS: path.join(pki.dir, 'ca.crt'), ...env }, timeout: SLOW },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
const webhookCalls = () => standIn.requests.filter((request) => request.path.startsWith('/v2/webhook/'));

describe('npm run efi-webhook', () => {
  it(
    'registers the server’s own URL for the PIX key (mTLS), reads it back and says so in one line',
    async () => {
      const { code, stdout, stderr } = await runCommand([], efiEnv());
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
      expect(lines(stdout)).toEqual([`Registered at Efí for the PIX key ${PIX_KEY}: ${SITE}/api/webhooks/efi (mutual TLS)`]);

      expect(standIn.webhookUrl).toBe(`${SITE}/api/webhooks/efi`);
      expect(standIn.webhookSkipsMtls).toBe(false);
      expect(webhookCalls().map((request) => `${request.method} ${request.path}`)).toEqual([
        `PUT /v2/webhook/${PIX_KEY}`,
        `GET /v2/webhook/${PIX_KEY}`,
      ]);
      expect(webhookCalls().every((request) => request.clientCertificate && /^Bearer /.test(String(request.headers.authorization)))).toBe(
        true,
      );
      expect(standIn.violations).toEqual([]);
    },
    SLOW,
  );

  it(
    'with EFI_WEBHOOK_HMAC: Efí’s skip-mTLS header and the hmac URL, the secret never printed',
    async () => {
      const { code, stdout, stderr } = await runCommand([], efiEnv({ EFI_WEBHOOK_HMAC: HMAC_SECRET }));
      expect({ code, stderr }).toEqual({ code: 0, stderr: '' });

      expect(standIn.webhookUrl).toBe(`${SITE}/api/webhooks/efi/pix?hmac=${HMAC_SECRET}&ignorar=`);
      expect(standIn.webhookSkipsMtls).toBe(true);
      const [put] = webhookCalls();
      expect(put!.headers['x-skip-mtls-checking']).toBe('true');
      expect(JSON.parse(put!.rawBody)).toEqual({ webhookUrl: standIn.webhookUrl });

      expect(lines(stdout)).toEqual([
        `Registered at Efí for the PIX key ${PIX_KEY}: ${SITE}/api/webhooks/efi/pix?hmac=***&ignorar= (hmac in the URL, without mTLS)`,
      ]);
      expect(stdout + stderr).not.toContain(HMAC_SECRET);
    },
    SLOW,
  );

  it(
    '--check only reads: none yet, then this server’s, then another one; it never registers',
    async () => {
      const none = await runCommand(['--check'], efiEnv());
      expect(none.code).toBe(1);
      expect(lines(none.stdout)).toEqual([
        `No webhook registered at Efí for the PIX key ${PIX_KEY}; npm run efi-webhook registers ${SITE}/api/webhooks/efi`,
      ]);

      expect((await runCommand([], efiEnv({ EFI_WEBHOOK_HMAC: HMAC_SECRET }))).code).toBe(0);
      const ours = await runCommand(['--check'], efiEnv({ EFI_WEBHOOK_HMAC: HMAC_SECRET }));
      expect(ours.code).toBe(0);
      expect(lines(ours.stdout)).toEqual([
        `Registered at Efí for the PIX key ${PIX_KEY}: ${SITE}/api/webhooks/efi/pix?hmac=***&ignorar= (hmac in the URL, without mTLS, this server's settings)`,
      ]);
      expect(ours.stdout).not.toContain(HMAC_SECRET);

      // The settings moved to mTLS, but Efí still has the hmac URL: --check says it is not this server's.
      const stale = await runCommand(['--check'], efiEnv());
      expect(stale.code).toBe(1);
      expect(stale.stdout).toContain(`${SITE}/api/webhooks/efi/pix?hmac=***&ignorar= (hmac in the URL, without mTLS), not this server's`);
      expect(stale.stdout).not.toContain(HMAC_SECRET);

      expect(webhookCalls().filter((request) => request.method === 'PUT')).toHaveLength(1);
      expect(standIn.webhookUrl).toBe(`${SITE}/api/webhooks/efi/pix?hmac=${HMAC_SECRET}&ignorar=`);
    },
    SLOW,
  );

  it(
    'without efi in PAYMENT_PROVIDERS: one clear line, exit 2, nothing sent',
    async () => {
      const env = {
        ...providersEnv(['mercadopago'], mercadoPagoVariables({ url: 'http://127.0.0.1:9' })),
        PUBLIC_URL: SITE,
      };
      const { code, stdout, stderr } = await runCommand([], env);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(lines(stderr)).toEqual([
        'PAYMENT_PROVIDERS does not list efi: there is no Efí PIX key to register a webhook for (docs/payments.md#efí)',
      ]);
      expect(standIn.requests).toEqual([]);
    },
    SLOW,
  );

  it(
    'a key that is not in the account, a certificate Efí refuses, wrong credentials: one line naming it, exit 1',
    async () => {
      const otherKey = await runCommand([], efiEnv({ EFI_PIX_KEY: 'loja@example.com' }));
      expect(otherKey.code).toBe(1);
      expect(lines(otherKey.stderr)).toHaveLength(1);
      expect(otherKey.stderr).toContain('Efí webhook not registered: Efí refused the webhook for the PIX key loja@example.com (HTTP 400)');
      expect(otherKey.stderr).toContain('não corresponde a uma chave DICT pertencente a este usuário recebedor');
      expect(otherKey.stderr).toContain('Is EFI_PIX_KEY a key of this Efí account');

      const stranger = await runCommand([], efiEnv({ EFI_CERTIFICATE: pki.strangerPemPath }));
      expect(stranger.code).toBe(1);
      expect(lines(stranger.stderr)).toEqual([
        'Efí webhook not registered: Efí refused the certificate EFI_CERTIFICATE (mTLS): it must be of the same environment (production or homologação) as EFI_CLIENT_ID and EFI_API_URL',
      ]);

      const credentials = await runCommand(['--check'], efiEnv({ EFI_CLIENT_SECRET: 'wrong', EFI_WEBHOOK_HMAC: HMAC_SECRET }));
      expect(credentials.code).toBe(1);
      expect(lines(credentials.stderr)).toEqual([
        'Could not read the Efí webhook: Efí refused the credentials EFI_CLIENT_ID / EFI_CLIENT_SECRET',
      ]);
      expect(standIn.webhookUrl).toBeNull();
    },
    SLOW,
  );
});
