import { Fragment } from 'react';
import { richParts } from '../../shared/rich-text.ts';

/**
 * A multi-line text of the seller's, as React elements (never an HTML string): its line breaks, bold and links
 * (shared/rich-text.ts). A text without them is the same string as before, so the page's HTML does not change.
 */
export function RichText({ text }: { text: string }) {
  const parts = richParts(text);
  if (parts.every((part) => part.kind === 'text')) return text;
  return parts.map((part, index) => {
    if (part.kind === 'text') return <Fragment key={index}>{part.text}</Fragment>;
    if (part.kind === 'break') return <br key={index} />;
    if (part.kind === 'bold')
      return (
        <strong key={index} className="font-bold text-white">
          {part.text}
        </strong>
      );
    const outside = part.href.startsWith('https:');
    return (
      <a
        key={index}
        href={part.href}
        className="font-semibold text-brand-300 underline underline-offset-4"
        {...(outside ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {part.text}
      </a>
    );
  });
}
