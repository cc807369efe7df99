/** A hero video the seller links (docs/editing.md#logo-colour-and-video): YouTube or Vimeo, played only after a tap. */
export type VideoProvider = 'youtube' | 'vimeo';

export interface VideoLink {
  provider: VideoProvider;
  id: string;
}

/** Where the player is framed from: the page's policy allows this origin only when the page has a video. */
export const VIDEO_FRAME_ORIGINS: Record<VideoProvider, string> = {
  youtube: 'https://www.youtube-nocookie.com',
  vimeo: 'https://player.vimeo.com',
};

export const VIDEO_LINK_MAX = 300;

const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const YOUTUBE_PATHS = new Set(['embed', 'shorts', 'live', 'v']);

const isYoutubeId = (id: string) => {
  if (id.length !== 11) return false;
  for (const char of id) if (!/[A-Za-z0-9_-]/.test(char)) return false;
  return true;
};

const isVimeoId = (id: string) => {
  if (id.length === 0 || id.length > 12) return false;
  for (const char of id) if (char < '0' || char > '9') return false;
  return true;
};

/** The index of the first of `stops` in `value` from `from`, or its length: one pass, no pattern. */
function indexOfAny(value: string, stops: string, from = 0): number {
  for (let at = from; at < value.length; at++) if (stops.includes(value[at]!)) return at;
  return value.length;
}

/**
 * `https://www.youtube.com/watch?v=…`, `https://youtu.be/…`, `/embed/…`, `/shorts/…`, `/live/…`,
 * `https://vimeo.com/123` or `https://player.vimeo.com/video/123`; anything else is undefined.
 * Read by scanning, never a regex over the whole link (a pattern on outside input must be linear).
 */
export function parseVideoLink(input: string): VideoLink | undefined {
  if (input.length > VIDEO_LINK_MAX) return undefined;
  const value = input.trim();
  if (value.slice(0, 8).toLowerCase() !== 'https://') return undefined;
  const hostEnd = indexOfAny(value, '/?#', 8);
  const host = value.slice(8, hostEnd).toLowerCase();
  const pathEnd = indexOfAny(value, '?#', hostEnd);
  const segments = value
    .slice(hostEnd, pathEnd)
    .split('/')
    .filter((segment) => segment !== '');
  const query = value[pathEnd] === '?' ? value.slice(pathEnd + 1, indexOfAny(value, '#', pathEnd)) : '';
  if (host === 'youtu.be')
    return segments.length === 1 && isYoutubeId(segments[0]!) ? { provider: 'youtube', id: segments[0]! } : undefined;
  if (YOUTUBE_HOSTS.has(host)) {
    let id: string | undefined;
    if (segments.length === 1 && segments[0] === 'watch')
      id = query
        .split('&')
        .find((pair) => pair.startsWith('v='))
        ?.slice(2);
    else if (segments.length === 2 && YOUTUBE_PATHS.has(segments[0]!)) id = segments[1];
    return id !== undefined && isYoutubeId(id) ? { provider: 'youtube', id } : undefined;
  }
  if (VIMEO_HOSTS.has(host)) {
    const id =
      host === 'player.vimeo.com'
        ? segments[0] === 'video' && segments.length === 2
          ? segments[1]
          : undefined
        : segments.length === 1
          ? segments[0]
          : undefined;
    return id !== undefined && isVimeoId(id) ? { provider: 'vimeo', id } : undefined;
  }
  return undefined;
}

/** The player, started by the tap that asked for it; YouTube without its cookies, Vimeo with Do Not Track. */
export function videoEmbedUrl(video: VideoLink): string {
  return video.provider === 'youtube'
    ? `${VIDEO_FRAME_ORIGINS.youtube}/embed/${video.id}?autoplay=1&rel=0`
    : `${VIDEO_FRAME_ORIGINS.vimeo}/video/${video.id}?autoplay=1&dnt=1`;
}

/** The frame origins a page with this hero video needs: none without one. */
export function videoFrames(video: string): string[] {
  const link = parseVideoLink(video);
  return link ? [VIDEO_FRAME_ORIGINS[link.provider]] : [];
}
