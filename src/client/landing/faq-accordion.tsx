import { faqAccordion } from '../../content/faq.ts';
import { useFilledFaq } from '../lib/offer-text.ts';
import { useIsPreview } from '../lib/preview.tsx';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger, StaticAccordionItem } from '../ui/accordion.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';
import { RichText } from '../ui/rich-text.tsx';

/**
 * Section 13: six questions; one answer open at a time, a click on the open one closes it (docs/product.md#screen-states).
 * An island: `guaranteeDays` (GUARANTEE_DAYS) travels in its props, which the server fills in with the page.
 */
export function FaqAccordion({ guaranteeDays }: { guaranteeDays: string }) {
  const faq = useFilledFaq(guaranteeDays, faqAccordion(guaranteeDays));
  // The console's preview runs no script: there the answers open as `<details>`.
  const preview = useIsPreview();
  return (
    <section aria-labelledby="faq-title" className="px-5 py-16">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="faq-title" eyebrow={faq.eyebrow} title={faq.title} />
        {preview ? (
          <div className="mt-10 grid gap-3">
            {faq.items.map((item, index) => (
              <StaticAccordionItem key={index} question={item.question}>
                <RichText text={item.answer} />
              </StaticAccordionItem>
            ))}
          </div>
        ) : (
          <Accordion type="single" collapsible className="mt-10 grid gap-3">
            {faq.items.map((item, index) => (
              <AccordionItem key={index} value={`faq-${index}`}>
                <AccordionTrigger>{item.question}</AccordionTrigger>
                <AccordionContent>
                  <RichText text={item.answer} />
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        )}
      </div>
    </section>
  );
}
