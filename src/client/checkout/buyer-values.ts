export interface BuyerValues {
  name: string;
  email: string;
  phone: string;
  document: string;
}

export type BuyerField = keyof BuyerValues;

export const emptyBuyer: BuyerValues = { name: '', email: '', phone: '', document: '' };

/** Names of the form's boxes, as the prerendered form carries them (read back by buyer-form.tsx's `readTypedBuyer`). */
export const CONSENT_BOX = 'whatsappConsent';
export const BUMP_BOX = 'bump';
