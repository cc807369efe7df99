import type { AffiliatePage } from '../../shared/affiliates.ts';
import { ApiError, apiFetch } from '../lib/api.ts';

export interface JoinValues {
  name: string;
  email: string;
  document: string;
  pixKey: string;
  promotes: string;
}

export type AffiliatePageResult = { kind: 'ready'; page: AffiliatePage } | { kind: 'signed-out' } | { kind: 'error' };

/** /afiliados and /afiliado (docs/affiliates.md#the-affiliates-page); the page's own cookie rides along. */
export const affiliatesApi = {
  request: (values: JoinValues, termsVersion: string) =>
    apiFetch('POST /api/affiliates/request', { json: { ...values, acceptTerms: true, termsVersion } }),
  signIn: (email: string) => apiFetch('POST /api/affiliates/sign-in', { json: { email } }),
  changePixKey: (pixKey: string) => apiFetch('POST /api/affiliates/pix-key', { json: { pixKey } }),
  acceptTerms: (termsVersion: string) => apiFetch('POST /api/affiliates/terms', { json: { termsVersion } }),
  signOut: () => apiFetch('POST /api/affiliates/sign-out'),
  async load(): Promise<AffiliatePageResult> {
    try {
      const page = await apiFetch('GET /api/affiliates/me');
      return typeof page?.code === 'string' ? { kind: 'ready', page } : { kind: 'error' };
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return { kind: 'signed-out' };
      return { kind: 'error' };
    }
  },
};
