import { useState } from 'react';
import { heroVideoCopy } from '../../content/look.ts';
import { parseVideoLink, videoEmbedUrl } from '../../shared/video-link.ts';
import { COLUMN_SIZES, HERO_BOX, OfferPicture } from '../ui/offer-picture.tsx';

/**
 * Inline, as the hero's photo (ui/offer-picture.tsx): the first screen's stylesheet is cut to the
 * build's page, which has no video. The poster is the photo's box but across the whole column (no
 * 2.4:1 width cap: `/` with a logo, a colour and a video has no bytes left for it under 14 KB), so the
 * price and the buy button stay in the first screen.
 */
const { maxWidth: _, ...POSTER_BOX } = HERO_BOX;
const FACADE = {
  ...POSTER_BOX,
  position: 'relative',
  padding: 0,
  border: 0,
  background: 'none',
  cursor: 'pointer',
} as const;
/** The poster fills the facade, cut to it. */
const POSTER = { display: 'block', width: '100%', height: '100%', objectFit: 'cover' } as const;
const PLAY = {
  position: 'absolute',
  inset: 0,
  margin: 'auto',
  display: 'grid',
  placeItems: 'center',
  width: '3rem',
  height: '3rem',
  borderRadius: '50%',
  background: '#000b',
  color: '#fff',
} as const;
const FRAME = { display: 'block', width: '100%', aspectRatio: '16 / 9', border: 0 } as const;

/**
 * The hero's video as an image with a play button until the visitor taps it: nothing is loaded from
 * YouTube or Vimeo before that tap (docs/editing.md#logo-colour-and-video). The poster is the hero's
 * own photo, or a plain panel when there is none.
 */
export function HeroVideo({ video, image }: { video: string; image: string }) {
  const [playing, setPlaying] = useState(false);
  const link = parseVideoLink(video);
  if (!link) return null;
  if (playing)
    return (
      <iframe
        src={videoEmbedUrl(link)}
        title={heroVideoCopy.frameTitle}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        className="mx-auto mt-5 rounded-3xl border border-line"
        style={FRAME}
      />
    );
  return (
    <button
      type="button"
      aria-label={heroVideoCopy.play}
      onClick={() => setPlaying(true)}
      className="mx-auto mt-5 overflow-hidden rounded-3xl border border-line"
      style={FACADE}
    >
      {image ? (
        // Inside the button its picture is presentational: the button's name says what a tap does.
        <OfferPicture section={{ image, imageAlt: '' }} sizes={COLUMN_SIZES.hero} style={POSTER} />
      ) : (
        <span aria-hidden="true" className="bg-ink-850" style={POSTER} />
      )}
      <span style={PLAY}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" fill="currentColor">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
    </button>
  );
}
