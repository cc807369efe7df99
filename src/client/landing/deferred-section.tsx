import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';

/** A section's placeholder height in px below `md`, from `md` up and from `lg` up (Tailwind's breakpoints). */
type SectionHeights = { phone: number; md: number; lg: number };

/**
 * Set while the prerenderer renders what the page's own part of the stylesheet must style
 * (scripts/prerender.ts): the sections styled later render as their empty boxes.
 */
export const OmitLaterSections = createContext(false);

/**
 * A landing section far below the fold: laid out and painted only when it comes near the viewport
 * (`content-visibility: auto`, styles.css). Until then it takes the height given for the screen's
 * width. Each must be at least the section's real height there: a smaller box would let its
 * unrendered content spill over the next section in layout queries (axe's target-size check counted
 * such overlaps). Each must also stay close to it: Safari has no scroll anchoring, so a section
 * above the viewport that renders shorter than its placeholder moves what the visitor is reading
 * (scrolling up after a reload mid-page, say). `auto` keeps the real height once rendered. The
 * landing-frame e2e test checks both bounds from phone to desktop widths.
 *
 * A section is styled by the rest of the stylesheet, which comes after the first paint, and not
 * drawn before it is in (`data-later-styles`, docs/benchmarks.md#the-first-screen-first), unless
 * its top can show in a tall window's first screen (`inFirstScreen`).
 */
export function DeferredSection({
  heights,
  inFirstScreen = false,
  children,
}: {
  heights: SectionHeights;
  inFirstScreen?: boolean;
  children: ReactNode;
}) {
  const omit = useContext(OmitLaterSections);
  const style = {
    '--section-height': `${heights.phone}px`,
    '--section-height-md': `${heights.md}px`,
    '--section-height-lg': `${heights.lg}px`,
  } as CSSProperties;
  return (
    <div className="deferred-section" style={style} data-later-styles={inFirstScreen ? undefined : ''}>
      {inFirstScreen || !omit ? children : null}
    </div>
  );
}
