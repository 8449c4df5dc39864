/**
 * An asset's thumbnail: the image behind the signed link the record carries (a work request's embedded
 * `asset.thumbnail.path`, an asset's `$thumbnail.path`; docs/API.md "Media"), loaded lazily at a fixed size (no
 * layout shift). Without a link, or when the image fails, a typed tile with the media type's initials: never a
 * broken image.
 */
import { useState } from 'react';
import { thumbnailUrl } from '../api/media';

interface Props {
  thumbnail: unknown;
  mediaType: string | undefined;
  type?: string | undefined;
  size?: 'small' | 'large';
  /** The image's text alternative; leave it out where the asset's name is shown beside it (the image is then
   * decorative). */
  label?: string | undefined;
}

const SIZES = { small: { width: 40, height: 32 }, large: { width: 128, height: 80 } } as const;

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

export function AssetThumb({ thumbnail, mediaType, type, size = 'small', label }: Props) {
  // The link that failed, not a flag: a renewed link (signed links change every few minutes) is tried again.
  const [failed, setFailed] = useState<string>();
  const url = thumbnailUrl(thumbnail);
  const src = url !== failed ? url : undefined;
  const { initials, kind } = kindOf(mediaType, type);
  if (src) {
    return (
      <img
        className={`thumb thumb--${size}`}
        src={src}
        alt={label ?? ''}
        {...SIZES[size]}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
      />
    );
  }
  const what = mediaType || type || 'asset';
  return (
    <span
      className={`thumb thumb--${size} thumb--${kind}`}
      role="img"
      aria-label={label ? `${label} (no thumbnail)` : `${what} (no thumbnail)`}
    >
      <span aria-hidden="true">{initials}</span>
    </span>
  );
}
