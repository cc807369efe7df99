import { describe, expect, it } from 'vitest';
import { parseVideoLink, videoEmbedUrl, videoFrames } from './video-link.ts';

describe('a hero video link', () => {
  it('reads the links YouTube and Vimeo give when shared', () => {
    const youtube = { provider: 'youtube', id: 'dQw4w9WgXcQ' };
    expect(parseVideoLink('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual(youtube);
    expect(parseVideoLink('https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=42')).toEqual(youtube);
    expect(parseVideoLink('https://m.youtube.com/watch?v=dQw4w9WgXcQ#x')).toEqual(youtube);
    expect(parseVideoLink(' https://youtu.be/dQw4w9WgXcQ?si=abc ')).toEqual(youtube);
    expect(parseVideoLink('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toEqual(youtube);
    expect(parseVideoLink('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual(youtube);
    expect(parseVideoLink('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toEqual(youtube);
    expect(parseVideoLink('HTTPS://WWW.YOUTUBE.COM/watch?v=dQw4w9WgXcQ')).toEqual(youtube);
    expect(parseVideoLink('https://vimeo.com/76979871')).toEqual({ provider: 'vimeo', id: '76979871' });
    expect(parseVideoLink('https://player.vimeo.com/video/76979871?h=8272103f6e')).toEqual({ provider: 'vimeo', id: '76979871' });
  });

  it('refuses anything else: other hosts, http, credentials, odd ids, a channel page', () => {
    for (const bad of [
      '',
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://evil.example/youtu.be/dQw4w9WgXcQ',
      'https://user@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXc',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
      'https://www.youtube.com/@canal',
      'https://youtu.be/',
      'https://vimeo.com/channels/staffpicks/76979871',
      'https://vimeo.com/7697987a',
      'javascript:alert(1)',
      `https://youtu.be/dQw4w9WgXcQ?${'a'.repeat(400)}`,
    ])
      expect(parseVideoLink(bad), bad).toBeUndefined();
  });

  it('plays from youtube-nocookie.com or Vimeo without tracking, and the page frames only that origin', () => {
    expect(videoEmbedUrl({ provider: 'youtube', id: 'dQw4w9WgXcQ' })).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
    expect(videoEmbedUrl({ provider: 'vimeo', id: '76979871' })).toBe('https://player.vimeo.com/video/76979871?autoplay=1&dnt=1');
    expect(videoFrames('https://youtu.be/dQw4w9WgXcQ')).toEqual(['https://www.youtube-nocookie.com']);
    expect(videoFrames('')).toEqual([]);
  });
});
