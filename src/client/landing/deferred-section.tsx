import type { CSSProperties, ReactNode } from 'react';

/** A section's placeholder height in px below `md`, from `md` up and from `lg` up (Tailwind's breakpoints). */
type SectionHeights = { phone: number; md: number; lg: number };

/**
 * A landing section far below the fold: laid out and painted only when it comes near the viewport
 * (`content-visibility: auto`, styles.css). Until then it takes the height given for the screen's
 * width. Each must be at least the section's real height there: a smaller box would let its
 * unrendered content spill over the next section in layout queries (axe's target-size check counted
 * such overlaps). Each must also stay close to it: Safari has no scroll anchoring, so a section
 * above the viewport that renders shorter than its placeholder moves what the visitor is reading
 * (scrolling up after a reload mid-page, say). `auto` keeps the real height once rendered. The
 * landing-frame e2e test checks both bounds from phone to desktop widths.
 */
export function DeferredSection({ heights, children }: { heights: SectionHeights; children: ReactNode }) {
  const style = {
    '--section-height': `${heights.phone}px`,
    '--section-height-md': `${heights.md}px`,
    '--section-height-lg': `${heights.lg}px`,
  } as CSSProperties;
  return (
    <div className="deferred-section" style={style}>
      {children}
    </div>
  );
}
