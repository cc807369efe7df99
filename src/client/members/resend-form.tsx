import { members } from '../../content/members.ts';
import { EmailLinkForm } from '../ui/email-link-form.tsx';
import { requestAccessResend } from './access-api.ts';

const copy = members.resend;

/**
 * "Reenviar meu acesso": the buyer types the purchase e-mail and the server queues the link
 * again. The confirmation is the same whether or not the address bought; only the server's
 * validation and rate-limit messages differ.
 */
export function ResendForm() {
  return (
    <EmailLinkForm
      heading={{ title: copy.title, text: copy.text }}
      words={{
        email: copy.email,
        placeholder: copy.emailPlaceholder,
        submit: copy.submit,
        sending: copy.sending,
        sent: copy.confirmation,
        network: copy.network,
      }}
      send={requestAccessResend}
    />
  );
}
