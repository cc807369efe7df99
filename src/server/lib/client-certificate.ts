import { createPrivateKey, X509Certificate } from 'node:crypto';
import { createSecureContext } from 'node:tls';

/**
 * Efí's client certificate for mutual TLS. Its .p12, converted as https://dev.efipay.com.br/docs/api-pix/credenciais says,
 * starts with "Bag Attributes" lines: a PEM is told by its blocks, only they go to TLS. In lib/: config/'s start check uses it.
 */
export type ClientTlsMaterial = { cert: string; key: string } | { pfx: Buffer; passphrase: string };

export class ClientCertificateError extends Error {
  constructor(readonly problem: string) {
    super(`client certificate: ${problem}`);
    this.name = 'ClientCertificateError';
  }
}

/** indexOf rather than a regex, so a hostile file costs linear time. */
function pemBlocks(text: string): Array<{ label: string; block: string }> {
  const blocks: Array<{ label: string; block: string }> = [];
  let from = 0;
  for (;;) {
    const begin = text.indexOf('-----BEGIN ', from);
    if (begin < 0) return blocks;
    const labelEnd = text.indexOf('-----', begin + 11);
    if (labelEnd < 0) return blocks;
    const label = text.slice(begin + 11, labelEnd);
    const endMarker = `-----END ${label}-----`;
    const end = text.indexOf(endMarker, labelEnd + 5);
    if (end < 0) return blocks;
    blocks.push({ label, block: text.slice(begin, end + endMarker.length) });
    from = end + endMarker.length;
  }
}

const KEY_LABELS = ['PRIVATE KEY', 'RSA PRIVATE KEY', 'EC PRIVATE KEY', 'ENCRYPTED PRIVATE KEY'];

/** The certificate and key as TLS takes them; throws ClientCertificateError naming what is wrong. */
export function clientTlsMaterial(file: Buffer): ClientTlsMaterial {
  const text = file.toString('latin1');
  if (!text.includes('-----BEGIN')) return { pfx: file, passphrase: '' };
  const blocks = pemBlocks(text);
  const certificates = blocks.filter((block) => block.label === 'CERTIFICATE').map((block) => block.block);
  if (certificates.length === 0) throw new ClientCertificateError('the .pem has no BEGIN CERTIFICATE block');
  const key = blocks.find((block) => KEY_LABELS.includes(block.label));
  if (!key) throw new ClientCertificateError('the .pem has no private key (openssl pkcs12 -in cert.p12 -out cert.pem -nodes)');
  if (key.label === 'ENCRYPTED PRIVATE KEY') {
    throw new ClientCertificateError('the .pem holds an encrypted private key: convert the .p12 without a passphrase (-nodes)');
  }
  return { cert: certificates.join('\n'), key: key.block };
}

/** Proves the file loads, and that the key is the certificate's: a start-up check rather than the buyer's first 502. */
export function clientCertificateProblem(file: Buffer): string | null {
  let material: ClientTlsMaterial;
  try {
    material = clientTlsMaterial(file);
  } catch (error) {
    if (error instanceof ClientCertificateError) return error.problem;
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
