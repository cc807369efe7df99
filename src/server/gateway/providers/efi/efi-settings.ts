import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isValidCpfOrCnpj } from '../../../../shared/documents.ts';
import { clientCertificateProblem } from '../../../lib/client-certificate.ts';
import { isEmailAddress } from '../../../lib/env-fields.ts';
import { apiUrlSetting, plain } from '../../provider-descriptor.ts';
import type { Favorecido } from './open-finance-client.ts';

/** The key charges are made to, as the DICT knows it; a typo would make every charge fail at Efí. */
export const pixKey = z
  .string()
  .refine(
    (value) =>
      (/^\d{11}$|^\d{14}$/.test(value) && isValidCpfOrCnpj(value)) ||
      (value.length <= 77 && isEmailAddress(value)) ||
      /^\+55\d{10,11}$/.test(value) ||
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
    {
      message:
        'must be a PIX key of your Efí account: CPF or CNPJ digits only, an e-mail, a phone as +55 with DDD (+5511987654321), or a random key',
    },
  );

/** Checked at start rather than failing the buyer's first charge. */
export function certificateProblem(file: string): string | null {
  const extension = path.extname(file).toLowerCase();
  if (extension !== '.p12' && extension !== '.pem') {
    return 'must be the path of the .p12 certificate Efí issued, or of a .pem holding the certificate and its key';
  }
  let content: Buffer;
  try {
    content = fs.readFileSync(path.resolve(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'names a file that does not exist';
    if (code === 'EISDIR') return 'names a folder, not the certificate file';
    return `names a file this server cannot read (${code ?? 'read error'})`;
  }
  if (content.length === 0) return 'names an empty file';
  // Loaded as the Efí adapter loads it, and the key proven the certificate's.
  return clientCertificateProblem(content);
}

/** Efí's ISPB, the `codigoBanco` of every Efí account (Efí's examples: "09089356"). */
const EFI_ISPB = '09089356';

/** EFI_OPEN_FINANCE and the account the payments go to (docs/payments.md#open-finance). */
export const openFinanceSettings = {
  EFI_OPEN_FINANCE: plain(z.enum(['on', 'off'], { message: 'must be on or off' }).default('off')),
  EFI_OPEN_FINANCE_API_URL: plain(apiUrlSetting('https://openfinance.api.efipay.com.br/v1')),
  EFI_ACCOUNT_BRANCH: plain(
    z
      .string()
      .regex(/^\d{1,4}$/, { message: 'must be the branch digits, e.g. 0001' })
      .optional(),
  ),
  EFI_ACCOUNT_NUMBER: plain(
    z
      .string()
      .regex(/^\d{1,19}-?\d$/, { message: 'must be the account number with its check digit, e.g. 1234567-8' })
      .transform((value) => value.replace('-', ''))
      .optional(),
  ),
  EFI_ACCOUNT_HOLDER_DOCUMENT: plain(
    z
      .string()
      .refine((value) => /^\d{11}$|^\d{14}$/.test(value) && isValidCpfOrCnpj(value), {
        message: "must be the account holder's CPF or CNPJ, digits only",
      })
      .optional(),
  ),
  EFI_ACCOUNT_HOLDER_NAME: plain(z.string().max(140, { message: 'must be at most 140 characters' }).optional()),
};

export const OPEN_FINANCE_ACCOUNT = [
  'EFI_ACCOUNT_BRANCH',
  'EFI_ACCOUNT_NUMBER',
  'EFI_ACCOUNT_HOLDER_DOCUMENT',
  'EFI_ACCOUNT_HOLDER_NAME',
] as const;

type AccountValues = { EFI_PIX_KEY: string } & Partial<Record<(typeof OPEN_FINANCE_ACCOUNT)[number], string>>;

/** The account (`contaBanco`, an Efí payment account: TRAN) when all four are set, else the PIX key (`chave`). */
export function openFinanceFavorecido(values: AccountValues): Favorecido {
  const {
    EFI_ACCOUNT_BRANCH: agencia,
    EFI_ACCOUNT_NUMBER: conta,
    EFI_ACCOUNT_HOLDER_DOCUMENT: documento,
    EFI_ACCOUNT_HOLDER_NAME: nome,
  } = values;
  if (agencia && conta && documento && nome) {
    return { contaBanco: { codigoBanco: EFI_ISPB, agencia, conta, tipoConta: 'TRAN', documento, nome } };
  }
  return { chave: values.EFI_PIX_KEY };
}
