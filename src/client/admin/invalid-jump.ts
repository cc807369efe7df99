import { useCallback, useEffect, useState } from 'react';
import { offerLabels, pageEditor as copy } from '../../content/offer.ts';
import { offerSectionKeys, type OfferSectionKey } from '../../shared/offer.ts';

/** The first section, in the console's order, with a refused field (`product.priceCents` → `product`); null for none. */
export function sectionOfErrors(errors: Readonly<Record<string, string>>): OfferSectionKey | null {
  const sections = new Set(Object.keys(errors).map((path) => path.split('.')[0]));
  return offerSectionKeys.find((key) => sections.has(key)) ?? null;
}

/** "Há campos a corrigir…", naming the section of the first refused field. */
export function invalidMessage(errors: Readonly<Record<string, string>>): string {
  const section = sectionOfErrors(errors);
  return section ? copy.invalidIn(offerLabels[section].title) : copy.invalid;
}

/**
 * Takes the seller to the first refused field, whichever of the sections is open: that section's form, scrolled to
 * the field, with the focus in it. Returns the section, or null when nothing is refused.
 */
export function useJumpToInvalid(setSection: (section: OfferSectionKey) => void) {
  const [jump, setJump] = useState(0);
  // After the section's form is drawn with its refusals marked (`aria-invalid`).
  useEffect(() => {
    if (jump === 0) return;
    const form = document.querySelector<HTMLElement>('[data-offer-section]');
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form;
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  }, [jump]);
  return useCallback(
    (errors: Readonly<Record<string, string>>) => {
      const section = sectionOfErrors(errors);
      if (!section) return null;
      setSection(section);
      setJump((count) => count + 1);
      return section;
    },
    [setSection],
  );
}
