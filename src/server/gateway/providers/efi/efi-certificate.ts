import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';

/**
 * Efí hands out a .p12 with no passphrase, and documents converting it with `openssl pkcs12 -in cert.p12 -out cert.pem
 * -nodes` (https://dev.efipay.com.br/docs/api-pix/credenciais). That .pem starts with
 * "Bag Attributes" lines, so a PEM is told by its blocks anywhere in the file, not by its first bytes; only the
 * blocks are handed to TLS.
 */
export type EfiTlsMaterial = { cert: string; key: string } | { pfx: Buffer; passphrase: string };

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const KEY_BLOCK = /-----BEGIN (RSA |EC |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END \1?PRIVATE KEY-----/;

export class EfiCertificateError extends Error {
  constructor(readonly problem: string) {
    super(`Efí certificate: ${problem}`);
    this.name = 'EfiCertificateError';
  }
}

/** The certificate and key as TLS takes them; throws EfiCertificateError naming what is wrong. */
export function efiTlsMaterial(file: Buffer): EfiTlsMaterial {
  const text = file.toString('latin1');
  if (!text.includes('-----BEGIN')) return { pfx: file, passphrase: '' };
  const certificates = text.match(CERTIFICATE_BLOCK) ?? [];
  if (certificates.length === 0) throw new EfiCertificateError('the .pem has no BEGIN CERTIFICATE block');
  const key = KEY_BLOCK.exec(text);
  if (!key) throw new EfiCertificateError('the .pem has no private key (openssl pkcs12 -in cert.p12 -out cert.pem -nodes)');
  if (key[1] === 'ENCRYPTED ') {
    throw new EfiCertificateError('the .pem holds an encrypted private key: convert the .p12 without a passphrase (-nodes)');
  }
  return { cert: certificates.join('\n'), key: key[0] };
}

/** Proves the file loads, and that the key is the certificate's: a start-up check rather than the buyer's first 502. */
export function efiCertificateProblem(file: Buffer): string | null {
  let material: EfiTlsMaterial;
  try {
    material = efiTlsMaterial(file);
  } catch (error) {
    if (error instanceof EfiCertificateError) return error.problem;
    throw error;
  }
  try {
    if ('cert' in material) {
      const certificate = new X509Certificate(material.cert);
      if (!certificate.checkPrivateKey(createPrivateKey(material.key))) return 'holds a private key that is not the certificate’s';
    }
    // Loads the pair as TLS will, so an unreadable .p12 or a mismatch inside it is caught too.
    createSecureContext(material);
  } catch {
    return 'pfx' in material
      ? 'could not be read as the .p12 Efí issued (no passphrase), nor as a .pem'
      : 'holds a certificate or key that could not be loaded';
  }
  return null;
}
