import { render, screen } from '@testing-library/react';
import { Image } from './Image';
import { BOT_USER_AGENT, isBot } from './isBot';
import { photoUrl } from './photoUrl';

const sources = { src: '/img/lab.jpg', small: '/img/lab-small.jpg', webp: '/img/lab-small.webp' };

describe('isBot', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  ])('recognises %s', (agent) => {
    expect(isBot(agent, undefined)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/120.0 Safari/537.36 Chrome-Lighthouse',
  ])('treats %s as a person', (agent) => {
    expect(BOT_USER_AGENT.test(agent)).toBe(false);
  });

  it('lets the window flag decide first', () => {
    expect(isBot('Googlebot/2.1', false)).toBe(false);
    expect(isBot('Mozilla/5.0 Chrome/120', true)).toBe(true);
    window.__IS_BOT__ = true;
    try {
      expect(isBot()).toBe(true);
    } finally {
      delete window.__IS_BOT__;
    }
    expect(isBot()).toBe(false);
  });
});

describe('photoUrl', () => {
  it('appends the profile version', () => {
    expect(photoUrl('/api/private/patient/patients/self/photo', 7)).toBe(
      '/api/private/patient/patients/self/photo?v=7',
    );
    expect(photoUrl('/photo?size=small', '3')).toBe('/photo?size=small&v=3');
    expect(photoUrl('/photo#top', 0)).toBe('/photo?v=0#top');
    expect(photoUrl('/photo', null)).toBe('/photo');
  });
});

describe('Image', () => {
  it('gives browsers the small webp in <picture>, lazy, with its box reserved', () => {
    const { container } = render(<Image {...sources} alt="Лабораторія" width={320} height={200} />);
    const source = container.querySelector('picture > source');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(source).toHaveAttribute('srcset', '/img/lab-small.webp');
    const img = screen.getByRole('img', { name: 'Лабораторія' });
    expect(img).toHaveAttribute('src', '/img/lab-small.jpg');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '200');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('gives bots the original jpeg without webp', () => {
    const { container } = render(<Image {...sources} alt="Лабораторія" width={320} height={200} bot />);
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img')).toHaveAttribute('src', '/img/lab.jpg');
  });

  it('detects a bot by the window flag', () => {
    window.__IS_BOT__ = true;
    try {
      render(<Image {...sources} alt="" width={10} height={10} />);
      expect(document.querySelector('img')).toHaveAttribute('src', '/img/lab.jpg');
    } finally {
      delete window.__IS_BOT__;
    }
  });

  it('loads a priority image at once and first', () => {
    render(<Image src="/hero.png" alt="Головне фото" width={1280} height={480} priority />);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('src', '/hero.png');
  });
});
