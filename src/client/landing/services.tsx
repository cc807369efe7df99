import { CircleCheck } from 'lucide-react';
import { catalogueApps } from '../../content/catalogue.ts';
import { services } from '../../content/services.ts';
import { useOfferSection } from '../lib/offer.tsx';
import { AppIcon } from '../ui/app-icon.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';

/** Section 7: the 16 streaming and music services the list covers, and 4 extras. */
export function Services() {
  const section = useOfferSection('services') ?? services;
  return (
    <section aria-labelledby="services-title" className="px-5 py-16">
      <div className="mx-auto max-w-5xl">
        <SectionHeading id="services-title" eyebrow={section.eyebrow} title={section.title} subtitle={section.subtitle} />
        <ul className="mt-10 grid grid-cols-2 gap-2.5 sm:grid-cols-4">
          {section.included.map(({ name }, index) => {
            // A name the catalogue does not know is shown without an icon.
            const app = catalogueApps.find((candidate) => candidate.name === name);
            return (
              <li key={index} className="flex min-h-14 items-center gap-3 rounded-xl border border-line bg-ink-850/70 px-3 py-2">
                {app ? <AppIcon app={app} size={32} /> : null}
                <span className="text-sm font-semibold text-slate-100">{name}</span>
              </li>
            );
          })}
        </ul>
        {section.extras.length > 0 ? (
          <div className="mx-auto mt-8 max-w-2xl rounded-2xl border border-brand-500/30 bg-brand-500/5 p-5">
            {section.extrasTitle ? <h3 className="font-black text-white">{section.extrasTitle}</h3> : null}
            <ul className="mt-3 grid gap-2.5 sm:grid-cols-2">
              {section.extras.map((extra, index) => (
                <li key={index} className="flex items-start gap-2.5 text-sm text-slate-200">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-400" />
                  {extra.text}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
