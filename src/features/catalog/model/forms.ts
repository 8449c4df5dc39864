/**
 * Form values <-> records, for every catalog edit form. Pure: no React, no HTTP.
 *
 * Writing keeps what the form does not show: a record goes back with its unknown fields (top-level and inside
 * `embargo`, `transfer`, `usage`), minus the computed `$`-fields and `created`, which the server ignores.
 * An emptied id field (`logo`, `coordinator`) the record had goes back as `null`, which removes it (docs/API.md,
 * "PUT merges"); an empty one the record never had is left out: the contract rejects an empty id.
 */
import type { Asset } from '../../../api/schema/asset';
import type { FieldErrors } from '../../../components/serverErrors';
import type { File } from '../../../api/schema/file';
import type { Language } from '../../../api/schema/language';
import type { Preview } from '../../../api/schema/preview';
import type { Project } from '../../../api/schema/project';
import type { Studio } from '../../../api/schema/studio';
import type { Territory } from '../../../api/schema/territory';
import type { User } from '../../../api/schema/user';
import { ASSET_USAGE_KEYS } from '../../../api/schema/usage';
import { stripComputed } from '../../../api/schema/computed';
import { isSlug } from '../../../api/schema/slug';

export type { FieldErrors };

type Rec = Record<string, unknown>;

/** Drops `$`-prefixed fields at any depth and the top-level `created`: computed or server-owned. */
export function withoutComputed<T extends object>(record: T): T {
  const out = stripComputed(record) as Rec;
  delete out.created;
  return out as T;
}

/** Sets a text field: trimmed; an empty value clears a field the record had and adds nothing otherwise. */
function setText(out: Rec, key: string, value: string): void {
  const v = value.trim();
  if (v === '' && !(key in out)) return;
  out[key] = v;
}

/** Sets an id field: trimmed; emptied, it is removed (`null`) when the record had it, else left out. */
function setId(out: Rec, key: string, value: string): void {
  const v = value.trim();
  if (v !== '') out[key] = v;
  else if (key in out) out[key] = null;
}

/** Sets a yes/no field: `false` clears a field the record had and adds nothing otherwise. */
function setFlag(out: Rec, key: string, value: boolean): void {
  if (value || key in out) out[key] = value;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** "a, b,  c" -> ["a","b","c"] (empty items dropped, duplicates removed, order kept). */
export function splitList(text: string, transform: (s: string) => string = (s) => s): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[,\n]/)) {
    const v = transform(raw.trim());
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

/** The string items of a list whose element shape the spec does not show. */
export function stringItems(list: unknown): string[] {
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
}

/** The edited strings, followed by the items that were not strings (kept untouched). */
export function mergeStringList(original: unknown, edited: string[]): unknown[] {
  const others: unknown[] = Array.isArray(original) ? original.filter((v) => typeof v !== 'string') : [];
  return [...edited, ...others];
}

// ---------------------------------------------------------------------------------------------- validation

const tooLong = (value: string, max: number) => value.trim().length > max;

function requireText(errors: FieldErrors, key: string, value: string, label: string, max?: number): void {
  if (value.trim() === '') errors[key] = `${label} is required.`;
  else if (max !== undefined && tooLong(value, max)) errors[key] = `${label} is at most ${max} characters.`;
}

const COUNTRY = /^[A-Z]{2}$/;
const LANGUAGE_CODE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

// ---------------------------------------------------------------------------------------------- studio

export interface StudioForm {
  name: string;
  slug: string;
  logo: string;
  coordinator: string;
  previewWatermarkFormat: string;
}

export function studioToForm(s: Studio): StudioForm {
  return {
    name: str(s.name),
    slug: str(s.slug),
    logo: str(s.logo),
    coordinator: str(s.coordinator),
    previewWatermarkFormat: str(s.previewWatermarkFormat),
  };
}

export function formToStudio(original: Studio, form: StudioForm): Studio {
  const out = withoutComputed(original) as Rec;
  setText(out, 'name', form.name);
  setText(out, 'slug', form.slug);
  setId(out, 'logo', form.logo);
  setId(out, 'coordinator', form.coordinator);
  setText(out, 'previewWatermarkFormat', form.previewWatermarkFormat);
  return out;
}

export function validateStudio(form: StudioForm): FieldErrors {
  const errors: FieldErrors = {};
  requireText(errors, 'name', form.name, 'Name', 300);
  if (form.slug.trim() && !isSlug(form.slug.trim())) {
    errors.slug =
      'Slug: lower-case letters, digits and single hyphens only (or leave it empty to derive it from the name).';
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------- project

export interface ProjectForm {
  studio: string;
  name: string;
  slug: string;
  filePrefix: string;
  importName: string;
  logo: string;
  archived: boolean;
}

export function projectToForm(p: Project): ProjectForm {
  return {
    studio: str(p.studio),
    name: str(p.name),
    slug: str(p.slug),
    filePrefix: str(p.filePrefix),
    importName: str(p.importName),
    logo: str(p.logo),
    archived: p.archived === true,
  };
}

export function formToProject(original: Project, form: ProjectForm): Project {
  const out = withoutComputed(original) as Rec;
  setId(out, 'studio', form.studio);
  setText(out, 'name', form.name);
  setText(out, 'slug', form.slug);
  setText(out, 'filePrefix', form.filePrefix);
  setText(out, 'importName', form.importName);
  setId(out, 'logo', form.logo);
  setFlag(out, 'archived', form.archived);
  return out;
}

export function validateProject(form: ProjectForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.studio.trim()) errors.studio = 'Studio is required.';
  requireText(errors, 'name', form.name, 'Name', 300);
  if (form.slug.trim() && !isSlug(form.slug.trim())) {
    errors.slug = 'Slug: lower-case letters, digits and single hyphens only (or leave it empty).';
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------- asset

export type UsageForm = Record<string, boolean>;

export interface AssetForm {
  name: string;
  slug: string;
  type: string;
  mediaType: string;
  importName: string;
  creative: boolean;
  verified: boolean;
  usage: UsageForm;
}

/** The usage keys to show: the spec's asset set, then any others the record has. */
export function usageKeys(usage: Record<string, unknown> | undefined): string[] {
  const extra = Object.keys(usage ?? {}).filter(
    (k) => !(ASSET_USAGE_KEYS as readonly string[]).includes(k) && typeof usage?.[k] === 'boolean',
  );
  return [...ASSET_USAGE_KEYS, ...extra];
}

export function assetToForm(a: Asset): AssetForm {
  const usage: UsageForm = {};
  const stored = (a.usage ?? {}) as Record<string, unknown>;
  for (const k of usageKeys(stored)) usage[k] = stored[k] === true;
  return {
    name: str(a.name),
    slug: str(a.slug),
    type: str(a.type),
    mediaType: str(a.mediaType),
    importName: str(a.importName),
    creative: a.creative === true,
    verified: a.verified === true,
    usage,
  };
}

export function formToAsset(original: Asset, form: AssetForm): Asset {
  const out = withoutComputed(original) as Rec;
  setText(out, 'name', form.name);
  setText(out, 'slug', form.slug);
  setText(out, 'type', form.type);
  setText(out, 'mediaType', form.mediaType);
  setText(out, 'importName', form.importName);
  setFlag(out, 'creative', form.creative);
  setFlag(out, 'verified', form.verified);
  out.usage = { ...(out.usage ?? {}), ...form.usage };
  return out;
}

export function validateAsset(form: AssetForm): FieldErrors {
  const errors: FieldErrors = {};
  requireText(errors, 'name', form.name, 'Name', 500);
  return errors;
}

// ---------------------------------------------------------------------------------------------- preview

export interface PreviewForm {
  label: string;
  revision: string;
}

export function previewToForm(p: Preview): PreviewForm {
  return { label: str(p.label), revision: str(p.revision) };
}

export function formToPreview(original: Preview, form: PreviewForm): Preview {
  const out = withoutComputed(original) as Rec;
  // The signed link is made by the server on every read; it is not the record's to send back.
  delete out.path;
  setText(out, 'label', form.label);
  setText(out, 'revision', form.revision);
  return out;
}

export function validatePreview(form: PreviewForm): FieldErrors {
  const errors: FieldErrors = {};
  requireText(errors, 'label', form.label, 'Label', 200);
  if (tooLong(form.revision, 100)) errors.revision = 'Revision is at most 100 characters.';
  return errors;
}

// ---------------------------------------------------------------------------------------------- file

export interface FileForm {
  language: string;
  country: string;
  tags: string;
  embargoEvent: boolean;
  /** `YYYY-MM-DDTHH:mm` in the viewer's time zone (a datetime-local input), or empty. */
  embargoEnd: string;
  transferUser: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds -> `YYYY-MM-DDTHH:mm` in the local time zone. */
export function toLocalInput(epochSeconds: number | undefined): string {
  if (epochSeconds === undefined || !Number.isFinite(epochSeconds)) return '';
  const d = new Date(epochSeconds * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `YYYY-MM-DDTHH:mm` (local) -> epoch seconds; undefined when empty or not a date. */
export function fromLocalInput(value: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  return Number.isNaN(d.getTime()) ? undefined : Math.floor(d.getTime() / 1000);
}

export function fileToForm(f: File): FileForm {
  return {
    language: str(f.language),
    country: str(f.country),
    tags: (f.tags ?? []).join(', '),
    embargoEvent: f.embargo?.event === true,
    embargoEnd: toLocalInput(f.embargo?.end),
    transferUser: str(f.transfer?.username),
  };
}

export function formToFile(original: File, form: FileForm): File {
  const out = withoutComputed(original) as Rec;
  setText(out, 'language', form.language);
  setText(out, 'country', form.country.toUpperCase());
  const tags = splitList(form.tags);
  if (tags.length > 0 || 'tags' in out) out.tags = tags;
  const embargo: Rec = { ...((out.embargo as Rec | undefined) ?? {}), event: form.embargoEvent };
  const end = fromLocalInput(form.embargoEnd);
  if (end === undefined) delete embargo.end;
  else embargo.end = end;
  out.embargo = embargo;
  const username = form.transferUser.trim();
  if (username !== '' || out.transfer !== undefined) out.transfer = { ...(out.transfer ?? {}), username };
  return out;
}

export function validateFile(form: FileForm): FieldErrors {
  const errors: FieldErrors = {};
  if (form.country.trim() && !COUNTRY.test(form.country.trim().toUpperCase()))
    errors.country = 'Country: a two-letter code such as FR.';
  if (form.language.trim() && !LANGUAGE_CODE.test(form.language.trim()))
    errors.language = 'Language: a code such as fr or fr-FR.';
  if (form.embargoEnd.trim() && fromLocalInput(form.embargoEnd) === undefined)
    errors.embargoEnd = 'Embargo end: enter a date and time.';
  if (form.embargoEvent && !form.embargoEnd.trim())
    errors.embargoEnd = 'Embargo end: an embargoed file needs the date it lifts.';
  if (form.transferUser.trim() && !EMAIL.test(form.transferUser.trim()))
    errors.transferUser = 'Transfer user: an e-mail address.';
  return errors;
}

// ---------------------------------------------------------------------------------------------- language

export interface FontRow {
  face: string;
  size: string;
}

export interface LanguageForm {
  name: string;
  code: string;
  dcpCode: string;
  isoCode: string;
  fonts: FontRow[];
}

export const EMPTY_LANGUAGE: LanguageForm = { name: '', code: '', dcpCode: '', isoCode: '', fonts: [] };

export function languageToForm(l: Language): LanguageForm {
  return {
    name: l.name ?? '',
    code: l.code ?? '',
    dcpCode: l.dcpCode ?? '',
    isoCode: l.isoCode ?? '',
    fonts: (l.translationFonts ?? []).map((f) => ({
      face: f.face ?? '',
      size: f.size === undefined ? '' : String(f.size),
    })),
  };
}

export function formToLanguage(form: LanguageForm): Language {
  const out: Rec = { name: form.name.trim(), code: form.code.trim() };
  if (form.dcpCode.trim()) out.dcpCode = form.dcpCode.trim();
  if (form.isoCode.trim()) out.isoCode = form.isoCode.trim();
  out.translationFonts = form.fonts
    .filter((f) => f.face.trim() || f.size.trim())
    .map((f) => ({ face: f.face.trim(), size: Number(f.size) }));
  return out;
}

export function validateLanguage(form: LanguageForm): FieldErrors {
  const errors: FieldErrors = {};
  requireText(errors, 'name', form.name, 'Name', 200);
  if (!form.code.trim()) errors.code = 'Code is required.';
  else if (!LANGUAGE_CODE.test(form.code.trim())) errors.code = 'Code: a language tag such as fr-FR.';
  form.fonts.forEach((f, i) => {
    if (!f.face.trim() && !f.size.trim()) return;
    if (!f.face.trim()) errors[`fonts.${i}.face`] = `Font ${i + 1}: the face is required.`;
    const n = Number(f.size);
    if (!f.size.trim() || !Number.isInteger(n) || n < 1 || n > 999)
      errors[`fonts.${i}.size`] = `Font ${i + 1}: the size is a whole number from 1 to 999.`;
  });
  return errors;
}

// ---------------------------------------------------------------------------------------------- territory

export interface TerritoryForm {
  name: string;
  countries: string;
  languages: string[];
  assignedLanguages: string[];
}

export function territoryToForm(t: Territory): TerritoryForm {
  return {
    name: str(t.name),
    countries: stringItems(t.countries).join(', '),
    languages: stringItems(t.languages),
    assignedLanguages: stringItems(t.assignedLanguages),
  };
}

export function formToTerritory(original: Territory, form: TerritoryForm): Territory {
  const out = withoutComputed(original) as Rec;
  setText(out, 'name', form.name);
  out.countries = mergeStringList(
    out.countries,
    splitList(form.countries, (s) => s.toUpperCase()),
  );
  out.languages = mergeStringList(out.languages, form.languages);
  out.assignedLanguages = mergeStringList(out.assignedLanguages, form.assignedLanguages);
  return out;
}

export function validateTerritory(form: TerritoryForm): FieldErrors {
  const errors: FieldErrors = {};
  requireText(errors, 'name', form.name, 'Name', 200);
  const bad = splitList(form.countries, (s) => s.toUpperCase()).filter((c) => !COUNTRY.test(c));
  if (bad.length) errors.countries = `Countries: two-letter codes separated by commas (not ${bad.join(', ')}).`;
  return errors;
}

// ---------------------------------------------------------------------------------------------- user

export interface UserForm {
  name: string;
  email: string;
  groups: string[];
}

export function userToForm(u: User): UserForm {
  return {
    name: str(u.name),
    email: str(u.emailNormal) || str(u.username),
    groups: (u.groups ?? []).map((g) => g._id).filter((g): g is string => typeof g === 'string'),
  };
}

/** A user record as a PUT sends it back: without the computed fields and the server-owned invitation code. */
function userBody(original: User): Rec {
  const out = withoutComputed(original) as Rec;
  delete out.inviteCode;
  delete out.inviteExpires;
  return out;
}

/** The user with their invitation withdrawn (`status.approved` false: the link stops working; docs/API.md). */
export function withdrawnUser(original: User): User {
  const out = userBody(original);
  out.status = { ...original.status, approved: false };
  return out;
}

export function formToUser(original: User, form: UserForm): User {
  const out = userBody(original);
  setText(out, 'name', form.name);
  const email = form.email.trim().toLowerCase();
  if (email) out.emailNormal = email;
  const known = new Map((original.groups ?? []).map((g) => [g._id, g]));
  out.groups = form.groups.map((id) => withoutComputed(known.get(id) ?? { _id: id }));
  return out;
}

export function validateUser(form: UserForm): FieldErrors {
  const errors: FieldErrors = {};
  requireText(errors, 'name', form.name, 'Name', 200);
  if (!form.email.trim()) errors.email = 'E-mail is required.';
  else if (!EMAIL.test(form.email.trim())) errors.email = 'E-mail: enter an address such as name@example.com.';
  return errors;
}
