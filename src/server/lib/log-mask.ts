import { maskEmail } from './mask-email.ts';

/** Linear in the text: addresses are found from each "@" outwards, as a pattern would be quadratic. */
const WHITESPACE = /\s/;
const ASCII_STOPS = new Uint8Array(128);
for (const char of ' \t\n\v\f\r<>"\'(),;:@') ASCII_STOPS[char.charCodeAt(0)] = 1;

function endsDomain(code: number): boolean {
  return code < 128 ? ASCII_STOPS[code] === 1 : WHITESPACE.test(String.fromCharCode(code));
}

function endsLocalPart(code: number): boolean {
  return code === 0x3d || endsDomain(code);
}

function maskEmails(text: string): string {
  let out = '';
  let copied = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    // Both scans stop at the neighbouring "@", so together they read the text about twice.
    let start = at;
    while (start > copied && !endsLocalPart(text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    let dot = -1;
    for (; end < text.length && !endsDomain(text.charCodeAt(end)); end++)
      if (dot === -1 && end > at + 1 && text.charCodeAt(end) === 0x2e) dot = end;
    if (start === at || dot === -1 || dot >= end - 1) continue;
    out += text.slice(copied, start) + maskEmail(text.slice(start, end));
    copied = end;
  }
  return out + text.slice(copied);
}

// CNPJ, numeric or alphanumeric (IN RFB 2.229/2024).
const CNPJ = /\b[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}\b/g;
const CPF = /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g;
const PHONE = /(?:\+?55[\s-]?)?(?:\(?\b\d{2}\)?[\s-]?)?\b9?\d{4}[\s-]?\d{4}\b/g;

export function maskPersonalData(text: string): string {
  return (
    maskEmails(text)
      // Plain words of 14 capitals are not documents.
      .replace(CNPJ, (match) => (/\d/.test(match) && /[0-9]{2}$/.test(match) ? '[cnpj]' : match))
      .replace(CPF, '[cpf]')
      .replace(PHONE, (match) => (match.replace(/\D/g, '').length >= 10 ? '[telefone]' : match))
  );
}
