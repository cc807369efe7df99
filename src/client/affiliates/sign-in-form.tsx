import { affiliatePage } from '../../content/affiliates.ts';
import { EmailLinkForm } from '../ui/email-link-form.tsx';
import { affiliatesApi } from './affiliates-api.ts';

const copy = affiliatePage.signIn;

/** "Receber link de acesso": the answer is the same whether or not the address is an affiliate's. */
export function AffiliateSignInForm() {
  return (
    <EmailLinkForm
      words={{ email: copy.email, submit: copy.submit, sending: copy.sending, sent: copy.sent, network: copy.network }}
      send={affiliatesApi.signIn}
    />
  );
}
