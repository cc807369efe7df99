import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isValidCpfOrCnpj } from '../../../../shared/documents.ts';
import { clientCertificateProblem } from '../../../lib/client-certificate.ts';
import { isEmailAddress } from '../../../lib/env-fields.ts';

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
