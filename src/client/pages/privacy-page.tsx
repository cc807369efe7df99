import { legalPageMeta, privacyPolicy } from '../../content/legal.ts';
import type { PageMeta } from '../../shared/routes.ts';
import { SiteFooter } from '../landing/site-footer.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { LegalDocumentView } from '../ui/legal-document.tsx';

export const meta: PageMeta = legalPageMeta.privacy;

/** `/privacidade`: the privacy policy (LGPD), naming the seller from configuration. */
export default function PrivacyPage() {
  useDocumentTitle(meta.title);
  const { seller, supportEmail, unpaidRetentionDays } = getPublicConfig();
  return (
    <>
      <LegalDocumentView document={privacyPolicy({ ...seller, supportEmail }, unpaidRetentionDays)} />
      <SiteFooter />
    </>
  );
}
