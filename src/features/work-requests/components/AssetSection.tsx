/** The asset the work request is about: thumbnail, type, media type, aspect ratio, usage flags. */
import type { EmbeddedAsset } from '../../../api/schema/workRequest';
import { WORK_REQUEST_USAGE_KEYS } from '../../../api/schema/usage';
import { AddToShare } from '../../../components/AddToShare';
import { AssetThumb } from '../../../components/AssetThumb';
import { Field, Fields, YesNo } from '../../../components/Field';
import { Section } from '../../../components/Section';
import { formatAspectRatio, keyLabel } from '../../../lib/format';
import '../../../components/record.css';

export function AssetSection({
  asset,
  aspectRatio,
  canShare = false,
}: {
  asset: EmbeddedAsset | undefined;
  aspectRatio: string | undefined;
  /** Staff of the order's studio put its asset in the share queue from here. */
  canShare?: boolean;
}) {
  if (!asset) {
    return (
      <Section title="Asset">
        <p className="muted">This request carries no asset.</p>
      </Section>
    );
  }
  const usage = asset.usage ?? {};
  const knownKeys: readonly string[] = WORK_REQUEST_USAGE_KEYS;
  const extraKeys = Object.keys(usage).filter((k) => !knownKeys.includes(k));
  const allKeys = [...WORK_REQUEST_USAGE_KEYS, ...extraKeys];
  const used = allKeys.filter((k) => (usage as Record<string, unknown>)[k] === true);
  const notUsed = allKeys.filter((k) => (usage as Record<string, unknown>)[k] === false);
  return (
    <Section title="Asset">
      <div className="asset-block">
        <AssetThumb
          thumbnail={asset.thumbnail}
          mediaType={asset.mediaType}
          type={asset.type}
          size="large"
          label={`Thumbnail of ${asset.name || 'the asset'}`}
        />
        <div className="asset-block__fields">
          <Fields columns={3}>
            <Field label="Name">{asset.name}</Field>
            <Field label="Type">{asset.type}</Field>
            <Field label="Media type">{asset.mediaType}</Field>
            <Field label="Aspect ratio">{formatAspectRatio(asset.aspectRatio ?? aspectRatio)}</Field>
            <Field label="Creative">
              <YesNo value={asset.creative} />
            </Field>
            <Field label="Thumbnail">
              {asset.thumbnail ? (
                <span>
                  {asset.thumbnail.mime ?? 'file'}
                  {asset.thumbnail.verified === false ? ' · not verified' : ''}
                  {asset.thumbnail.embargo?.event ? ' · under embargo' : ''}
                </span>
              ) : undefined}
            </Field>
          </Fields>
          {canShare && asset._id ? (
            <p className="asset-block__actions">
              <AddToShare assetId={asset._id} />
            </p>
          ) : null}
        </div>
      </div>
      <div className="usage">
        <h3 className="subheading">Usage</h3>
        {used.length === 0 && notUsed.length === 0 ? (
          <p className="muted">No usage flags.</p>
        ) : (
          <ul className="chips" aria-label="Usage flags">
            {used.map((k) => (
              <li key={k} className="chip chip--on">
                <span aria-hidden="true">✓ </span>
                {keyLabel(k)}
                <span className="visually-hidden"> (yes)</span>
              </li>
            ))}
            {notUsed.map((k) => (
              <li key={k} className="chip chip--off">
                {keyLabel(k)}
                <span className="visually-hidden"> (no)</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}
