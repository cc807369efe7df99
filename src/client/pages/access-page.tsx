import { useState } from 'react';
import { accessMeta } from '../../content/members.ts';
import type { MemberArea } from '../../shared/access.ts';
import type { GuaranteeView } from '../../shared/refunds.ts';
import type { PageMeta } from '../../shared/routes.ts';
import { GuaranteeJumpLink } from '../guarantee/guarantee-jump-link.tsx';
import { GuaranteeSection } from '../guarantee/guarantee-section.tsx';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { BankLinkLine } from '../members/bank-link-line.tsx';
import { LoadError } from '../members/load-error.tsx';
import { MemberGreeting } from '../members/member-greeting.tsx';
import { MemberSkeleton } from '../members/member-skeleton.tsx';
import { SignedOutPanel } from '../members/signed-out-panel.tsx';
import { SupplierLists } from '../members/supplier-lists.tsx';
import { SupportLine } from '../members/support-line.tsx';
import { useMemberArea, type MemberAreaState } from '../members/use-member-area.ts';
import { MemberReviewCard } from '../reviews/member-review-card.tsx';
import { useNavigation } from '../router.tsx';
import { Logo } from '../ui/logo.tsx';

function supportEmailOf(state: MemberAreaState): string | null {
  if (state.kind === 'ready') return state.area.supportEmail;
  if (state.kind === 'signed-out') return state.supportEmail;
  return null;
}

export const meta: PageMeta = accessMeta;

const memberTarget = { kind: 'member' } as const;

/**
 * The lists first: on a phone the guarantee card sits at the end, below the suppliers, and a
 * one-line link under the greeting leads to it (and the access e-mail's `#reembolso` link opens it).
 */
function MemberList({ area }: { area: MemberArea }) {
  const [updatedGuarantee, setUpdatedGuarantee] = useState<GuaranteeView | null>(null);
  const guarantee = updatedGuarantee ?? area.guarantee;
  return (
    <>
      <MemberGreeting firstName={area.firstName} updatedAt={area.updatedAt} lists={1 + area.extraLists.length} />
      <GuaranteeJumpLink guarantee={guarantee} />
      <SupplierLists area={area} />
      <GuaranteeSection
        className="mt-10"
        guarantee={guarantee}
        onGuaranteeChange={setUpdatedGuarantee}
        target={memberTarget}
        supportEmail={area.supportEmail}
      />
      {area.review ? <MemberReviewCard className="mt-6" memberReview={area.review} /> : null}
      <BankLinkLine className="mt-6" />
    </>
  );
}

/** The member area (`/acesso`): the buyer's supplier list, or the way back to it. */
export default function AccessPage() {
  useDocumentTitle(meta.title);
  const { pathname } = useNavigation();
  const { state, reload } = useMemberArea(pathname);

  return (
    // Session replay (Clarity) masks the whole member area: the buyer's name and the paid list.
    <main className="relative min-h-dvh px-5 pt-6 pb-12" data-clarity-mask="true">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-80 bg-[radial-gradient(60%_60%_at_50%_0%,rgb(34_197_94/0.18),transparent)]"
      />
      <div className="relative mx-auto w-full max-w-3xl">
        <Logo />
        {state.kind === 'loading' ? <MemberSkeleton /> : null}
        {state.kind === 'error' ? <LoadError onRetry={reload} /> : null}
        {state.kind === 'signed-out' ? <SignedOutPanel reason={state.reason} supportEmail={state.supportEmail} /> : null}
        {state.kind === 'ready' ? <MemberList area={state.area} /> : null}
        {state.kind === 'loading' ? null : <SupportLine email={supportEmailOf(state)} />}
      </div>
    </main>
  );
}
