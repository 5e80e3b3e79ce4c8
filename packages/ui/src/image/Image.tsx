import type { ComponentPropsWithoutRef } from 'react';
import { cx } from '../cx';
import styles from './Image.module.css';
import { isBot } from './isBot';

export interface ImageProps
  extends Omit<ComponentPropsWithoutRef<'img'>, 'src' | 'srcSet' | 'width' | 'height' | 'loading' | 'alt'> {
  /** The original jpeg or png: what bots get, and the fallback. */
  src: string;
  /** The small variant in the original format. */
  small?: string;
  /** The webp of the small variant (or of the original when there is no small one). */
  webp?: string;
  /** '' for a decorative image. */
  alt: string;
  /** Intrinsic size in px: reserves the box so that nothing shifts while loading. */
  width: number;
  height: number;
  /** Above the fold (the page's main picture): loads at once and first. Otherwise lazy. */
  priority?: boolean;
  /** Overrides bot detection (tests, prerendering). */
  bot?: boolean;
}

/**
 * docs/product.md#constants: image variants differ for bots and browsers. People get the small webp through
 * <picture>, with the small original as fallback; crawlers get the original for indexing.
 */
export function Image({ src, small, webp, alt, width, height, priority = false, bot, className, ...rest }: ImageProps) {
  const forBot = bot ?? isBot();
  const img = (source: string) => (
    <img
      {...rest}
      src={source}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={cx(styles.image, className)}
    />
  );
  if (forBot || !webp) return img(forBot ? src : (small ?? src));
  return (
    <picture>
      <source type="image/webp" srcSet={webp} />
      {img(small ?? src)}
    </picture>
  );
}
