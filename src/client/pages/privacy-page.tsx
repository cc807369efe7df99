import { legalPageMeta, privacyPolicy } from '../../content/legal.ts';
import { SiteFooter } from '../landing/site-footer.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { LegalDocumentView } from '../ui/legal-document.tsx';

/** `/privacidade`: the privacy policy (LGPD), naming the seller from configuration. */
export default function PrivacyPage() {
  useDocumentTitle(legalPageMeta.privacy.title);
  const { seller, supportEmail, unpaidRetentionDays } = getPublicConfig();
  return (
    <>
      <LegalDocumentView document={privacyPolicy({ ...seller, supportEmail }, unpaidRetentionDays)} />
      <SiteFooter />
    </>
  );
}
