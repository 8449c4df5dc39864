/**
 * An asset's thumbnail. The interface's thumbnail is a file record (its `$links.self` is JSON, not an image),
 * so most of the time there is no image to show: then a typed tile with the media type's initials. An image
 * is only tried when the record carries an http(s) or same-origin URL of an image, and a failing one falls
 * back to the tile: never a broken image.
 */
import { useState } from 'react';
import { safeHref } from '../lib/safeUrl';

interface Props {
  thumbnail: unknown;
  mediaType: string | undefined;
  type?: string | undefined;
  size?: 'small' | 'large';
}

const KINDS: [RegExp, string, string][] = [
  [/video|movie|film|trailer|clip/i, 'VID', 'video'],
  [/audio|sound|music/i, 'AUD', 'audio'],
  [/image|still|photo|poster|key ?art|graphic/i, 'IMG', 'image'],
  [/doc|text|script|pdf/i, 'DOC', 'doc'],
  [/subtitle|caption|srt/i, 'SUB', 'doc'],
];

function kindOf(mediaType: string | undefined, type: string | undefined): { initials: string; kind: string } {
  const text = `${mediaType ?? ''} ${type ?? ''}`;
  for (const [re, initials, kind] of KINDS) if (re.test(text)) return { initials, kind };
  const word = (mediaType || type || '?').replace(/[^a-z0-9]/gi, '');
  return { initials: word.slice(0, 3).toUpperCase() || '?', kind: 'other' };
}

function imageUrl(thumbnail: unknown): string | undefined {
  if (!thumbnail || typeof thumbnail !== 'object') return undefined;
  const t = thumbnail as Record<string, unknown>;
  const mime = typeof t.mime === 'string' ? t.mime : '';
  if (mime && !mime.startsWith('image/')) return undefined;
  for (const key of ['url', 'path', 'src']) {
    const href = safeHref(t[key]);
    if (href) return href;
  }
  return undefined;
}

export function AssetThumb({ thumbnail, mediaType, type, size = 'small' }: Props) {
  const [failed, setFailed] = useState(false);
  const src = failed ? undefined : imageUrl(thumbnail);
  const { initials, kind } = kindOf(mediaType, type);
  const label = mediaType || type || 'asset';
  if (src) {
    return <img className={`thumb thumb--${size}`} src={src} alt="" loading="lazy" onError={() => setFailed(true)} />;
  }
  return (
    <span className={`thumb thumb--${size} thumb--${kind}`} role="img" aria-label={`${label} (no thumbnail)`}>
      <span aria-hidden="true">{initials}</span>
    </span>
  );
}
