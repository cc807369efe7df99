import { legalPageMeta, termsOfUse } from '../../content/legal.ts';
import type { PageMeta } from '../../shared/routes.ts';
import { SiteFooter } from '../landing/site-footer.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { LegalDocumentView } from '../ui/legal-document.tsx';

export const meta: PageMeta = legalPageMeta.terms;

/** `/termos`: the terms of use, naming the seller and the guarantee's days from configuration. */
export default function TermsPage() {
  useDocumentTitle(meta.title);
  const { seller, supportEmail, guaranteeDays } = getPublicConfig();
  return (
    <>
      <LegalDocumentView document={termsOfUse({ ...seller, supportEmail }, guaranteeDays)} />
      <SiteFooter />
    </>
  );
}
