export interface BuyerValues {
  name: string;
  email: string;
  phone: string;
  document: string;
}

export type BuyerField = keyof BuyerValues;

export const emptyBuyer: BuyerValues = { name: '', email: '', phone: '', document: '' };
