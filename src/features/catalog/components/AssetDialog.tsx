/** Edit an asset (operation 8, PUT /assets/{id}): names, type, flags and usage. */
import type { Asset } from '../../../api/schema/asset';
import { getAsset, putAssetIfMatch } from '../../../api/assets';
import { keyLabel } from '../../../lib/format';
import { assetToForm, formToAsset, validateAsset } from '../model/forms';
import { firstSegment } from '../../../components/serverErrors';
import { EditDialog } from './EditDialog';
import { CheckboxField, CheckboxGroup, TextField } from './FormControls';

const toField = firstSegment(['name', 'slug', 'type', 'mediaType', 'importName', 'creative', 'verified', 'usage']);

export function AssetDialog({
  asset,
  etag,
  onSaved,
  onClose,
}: {
  asset: Asset & { _id: string };
  etag: string | undefined;
  onSaved: (a: Asset) => void;
  onClose: () => void;
}) {
  return (
    <EditDialog
      title={`Edit asset “${asset.name ?? ''}”`}
      what="asset"
      load={(signal) => getAsset(asset._id, signal)}
      initial={asset}
      initialEtag={etag}
      toForm={assetToForm}
      validate={validateAsset}
      save={(base, form, tag) => putAssetIfMatch(asset._id, formToAsset(base, form), tag)}
      toField={toField}
      onSaved={onSaved}
      onClose={onClose}
      submitLabel="Save asset"
      wide
    >
      {({ form, set, errors, disabled, id: fid }) => (
        <>
          <TextField
            id={fid('name')}
            label="Name"
            required
            value={form.name}
            onChange={(name) => set({ name })}
            error={errors.name}
            disabled={disabled}
            autoFocus
            maxLength={500}
          />
          <div className="form-row">
            <TextField
              id={fid('slug')}
              label="Slug"
              value={form.slug}
              onChange={(slug) => set({ slug })}
              error={errors.slug}
              disabled={disabled}
            />
            <TextField
              id={fid('importName')}
              label="Import name"
              value={form.importName}
              onChange={(importName) => set({ importName })}
              error={errors.importName}
              disabled={disabled}
            />
          </div>
          <div className="form-row">
            <TextField
              id={fid('type')}
              label="Type"
              value={form.type}
              onChange={(type) => set({ type })}
              error={errors.type}
              disabled={disabled}
            />
            <TextField
              id={fid('mediaType')}
              label="Media type"
              value={form.mediaType}
              onChange={(mediaType) => set({ mediaType })}
              error={errors.mediaType}
              disabled={disabled}
            />
          </div>
          <div className="form-row">
            <CheckboxField
              id={fid('creative')}
              label="Creative"
              checked={form.creative}
              onChange={(creative) => set({ creative })}
              disabled={disabled}
            />
            <CheckboxField
              id={fid('verified')}
              label="Verified"
              checked={form.verified}
              onChange={(verified) => set({ verified })}
              disabled={disabled}
            />
          </div>
          <CheckboxGroup
            id={fid('usage')}
            legend="Usage"
            options={Object.keys(form.usage).map((k) => ({ value: k, label: keyLabel(k) }))}
            values={Object.keys(form.usage).filter((k) => form.usage[k])}
            onChange={(on) =>
              set({ usage: Object.fromEntries(Object.keys(form.usage).map((k) => [k, on.includes(k)])) })
            }
            error={errors.usage}
            disabled={disabled}
          />
        </>
      )}
    </EditDialog>
  );
}
