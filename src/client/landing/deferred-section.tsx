import type { ReactNode } from 'react';

/**
 * A landing section far below the fold: laid out and painted only when it comes near the viewport
 * (`content-visibility: auto`, styles.css). Until then it takes `height` px, which must be at least
 * its real height on a phone (360–412 px wide): a smaller box would let its unrendered content
 * spill over the next section in layout queries (axe's target-size check counted such overlaps).
 * `auto` keeps the real height once rendered, so scrolling back never jumps. The landing-frame
 * e2e test checks every estimate against the real height at 360 and 412 px.
 */
export function DeferredSection({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div className="deferred-section" style={{ containIntrinsicSize: `auto ${height}px` }}>
      {children}
    </div>
  );
}
