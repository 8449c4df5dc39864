import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import {
  assetToForm,
  fileToForm,
  formToAsset,
  formToFile,
  formToLanguage,
  formToPreview,
  formToProject,
  formToStudio,
  formToTerritory,
  formToUser,
  fromLocalInput,
  projectToForm,
  splitList,
  studioToForm,
  territoryToForm,
  toLocalInput,
  userToForm,
  validateFile,
  validateLanguage,
  validateProject,
  validateStudio,
  validateTerritory,
  validateUser,
  EMPTY_LANGUAGE,
} from './forms';
import { firstSegment, saveFailure } from '../../../components/serverErrors';

describe('studio form', () => {
  const stored = {
    _id: 's1',
    name: 'Northlight',
    slug: 'northlight',
    coordinator: 'g1',
    logo: 'f1',
    previewWatermarkFormat: '{date}',
    created: 5,
    $links: { self: '//x' },
    extra: { kept: true },
  };
  it('round-trips and keeps unknown fields, dropping computed ones', () => {
    const out = formToStudio(stored, { ...studioToForm(stored), name: '  Northlight Pictures ' }) as Record<
      string,
      unknown
    >;
    expect(out).toEqual({
      _id: 's1',
      name: 'Northlight Pictures',
      slug: 'northlight',
      coordinator: 'g1',
      logo: 'f1',
      previewWatermarkFormat: '{date}',
      extra: { kept: true },
    });
  });
  it('an emptied logo or coordinator goes back as null, which removes it', () => {
    const out = formToStudio(stored, { ...studioToForm(stored), coordinator: '', logo: '  ' }) as Record<
      string,
      unknown
    >;
    expect(out).toMatchObject({ coordinator: null, logo: null, name: 'Northlight' });
  });
  it('creates without adding empty fields or empty ids', () => {
    expect(formToStudio({}, { name: 'New', slug: '', logo: '', coordinator: '', previewWatermarkFormat: '' })).toEqual({
      name: 'New',
    });
  });
  it('validates name and slug', () => {
    expect(validateStudio({ ...studioToForm({}), name: ' ' }).name).toMatch(/Name is required/);
    expect(validateStudio({ ...studioToForm({}), name: 'A', slug: 'Bad Slug' }).slug).toMatch(/Slug/);
    expect(validateStudio({ ...studioToForm({}), name: 'A', slug: 'good-slug' })).toEqual({});
  });
});

describe('project form', () => {
  it('archives and keeps the rest', () => {
    const p = { _id: 'p1', studio: 's1', name: 'Orchard', archived: false, verified: true, $flags: [], legacy: 1 };
    const out = formToProject(p, { ...projectToForm(p), archived: true });
    expect(out).toEqual({ _id: 'p1', studio: 's1', name: 'Orchard', archived: true, verified: true, legacy: 1 });
  });
  it('needs a studio and a name', () => {
    const errors = validateProject(projectToForm({}));
    expect(Object.keys(errors).sort()).toEqual(['name', 'studio']);
  });
});

describe('asset form', () => {
  it('keeps usage keys it does not know', () => {
    const a = {
      _id: 'a1',
      name: 'Trailer',
      usage: { dcp: true, hdr9: true },
      previews: [{ _id: 'v1' }],
      $embargo: false,
    };
    const form = assetToForm(a);
    expect(form.usage.hdr9).toBe(true);
    expect(form.usage.online).toBe(false);
    const out = formToAsset(a, { ...form, usage: { ...form.usage, online: true } }) as Record<string, unknown>;
    expect(out.usage).toMatchObject({ dcp: true, online: true, hdr9: true });
    expect(out.previews).toEqual([{ _id: 'v1' }]);
    expect('$embargo' in out).toBe(false);
  });
});

describe('preview form', () => {
  it('never sends the signed path back', () => {
    const out = formToPreview(
      { _id: 'v', label: 'Scratch', revision: 'v1', path: '/api/previews/v/view?sig=x' },
      { label: 'Final', revision: 'v2' },
    );
    expect(out).toEqual({ _id: 'v', label: 'Final', revision: 'v2' });
  });
});

describe('file form', () => {
  const f = {
    _id: 'f',
    language: 'en',
    country: 'US',
    tags: ['audio'],
    embargo: { event: false, note: 'x' },
    transfer: { username: 'a@b.test', via: 'aspera' },
    $transfer: { downloaded: true },
  };
  it('maps embargo and transfer, keeping their unknown members', () => {
    const form = {
      ...fileToForm(f),
      embargoEvent: true,
      embargoEnd: '2031-05-04T10:30',
      tags: 'audio, stems, audio',
      country: 'fr',
    };
    const out = formToFile(f, form) as Record<string, unknown>;
    expect(out.embargo).toEqual({ event: true, note: 'x', end: fromLocalInput('2031-05-04T10:30') });
    expect(out.transfer).toEqual({ username: 'a@b.test', via: 'aspera' });
    expect(out.tags).toEqual(['audio', 'stems']);
    expect(out.country).toBe('FR');
    expect('$transfer' in out).toBe(false);
  });
  it('clears the end date', () => {
    const out = formToFile(
      { ...f, embargo: { event: false, end: 100, note: 'x' } },
      { ...fileToForm(f), embargoEnd: '' },
    ) as Record<string, unknown>;
    expect(out.embargo).toEqual({ event: false, note: 'x' });
  });
  it('local date input round-trips', () => {
    const t = fromLocalInput('2030-01-02T03:04')!;
    expect(toLocalInput(t)).toBe('2030-01-02T03:04');
    expect(fromLocalInput('nope')).toBeUndefined();
  });
  it('validates country, embargo and transfer user', () => {
    const errors = validateFile({ ...fileToForm({}), country: 'France', embargoEvent: true, transferUser: 'bob' });
    expect(Object.keys(errors).sort()).toEqual(['country', 'embargoEnd', 'transferUser']);
  });
});

describe('language form', () => {
  it('builds the record with fonts as numbers', () => {
    const out = formToLanguage({
      ...EMPTY_LANGUAGE,
      name: 'Welsh',
      code: 'cy-GB',
      fonts: [
        { face: 'Arial', size: '42' },
        { face: '', size: '' },
      ],
    });
    expect(out).toEqual({ name: 'Welsh', code: 'cy-GB', translationFonts: [{ face: 'Arial', size: 42 }] });
  });
  it('names the font row that is wrong', () => {
    const errors = validateLanguage({
      ...EMPTY_LANGUAGE,
      name: 'W',
      code: 'cy',
      fonts: [{ face: 'Arial', size: '4.5' }],
    });
    expect(errors).toEqual({ 'fonts.0.size': expect.stringMatching(/Font 1/) });
    expect(validateLanguage(EMPTY_LANGUAGE).code).toMatch(/required/);
  });
});

describe('territory form', () => {
  it('keeps list items that are not strings', () => {
    const t = {
      _id: 't',
      name: 'FR',
      countries: ['FR', { code: 'MC' }],
      languages: ['fr-FR'],
      assignedLanguages: [],
      displayName: 'France',
    };
    const form = territoryToForm(t);
    expect(form.countries).toBe('FR');
    const out = formToTerritory(t, { ...form, countries: 'fr, mc', languages: ['fr-FR', 'en-GB'] }) as Record<
      string,
      unknown
    >;
    expect(out.countries).toEqual(['FR', 'MC', { code: 'MC' }]);
    expect(out.languages).toEqual(['fr-FR', 'en-GB']);
    expect(out.displayName).toBe('France');
  });
  it('validates country codes', () => {
    expect(
      validateTerritory({ name: 'X', countries: 'FR, Fra', languages: [], assignedLanguages: [] }).countries,
    ).toMatch(/FRA/);
  });
});

describe('user form', () => {
  it('sends groups as references and never the invite code', () => {
    const u = {
      _id: 'u',
      name: 'Ann',
      emailNormal: 'ann@x.test',
      groups: [{ _id: 'g1', name: 'Admins', $links: { self: '' } }],
      inviteCode: 'abc',
      status: { invited: true },
    };
    const out = formToUser(u, { ...userToForm(u), groups: ['g1', 'g2'] }) as Record<string, unknown>;
    expect(out.groups).toEqual([{ _id: 'g1', name: 'Admins' }, { _id: 'g2' }]);
    expect('inviteCode' in out).toBe(false);
    expect(out.status).toEqual({ invited: true });
  });
  it('validates the e-mail', () => {
    expect(validateUser({ name: 'A', email: 'nope', groups: [] }).email).toMatch(/E-mail/);
  });
});

describe('server errors', () => {
  const toField = firstSegment(['name', 'code', 'embargoEnd'], { 'embargo.end': 'embargoEnd' });
  it('puts the 400 message next to the field it names', () => {
    const f = saveFailure(new ApiError(400, 'bad_request', 'name: required'), toField, 'studio');
    expect(f.fields).toEqual({ name: 'Required.' });
    expect(f.general).toBeUndefined();
  });
  it('reads details paths', () => {
    const e = new ApiError(400, 'bad_request', 'embargo.end: expected int', [
      { path: 'embargo.end', message: 'Invalid input: expected int' },
    ]);
    expect(saveFailure(e, toField, 'file').fields).toEqual({ embargoEnd: 'Invalid input: expected int.' });
  });
  it('tells a concurrent edit apart from a duplicate', () => {
    const stale = saveFailure(new ApiError(409, 'conflict', 'changed', { current: { _id: 'x' } }), toField, 'studio');
    expect(stale.conflict).toBe(true);
    const dup = saveFailure(
      new ApiError(409, 'conflict', 'a language with the code fr exists already'),
      toField,
      'language',
    );
    expect(dup).toMatchObject({ conflict: false, fields: { code: expect.stringMatching(/fr exists/) } });
  });
  it('keeps an unmapped message general', () => {
    expect(saveFailure(new ApiError(400, 'bad_request', 'body: expected a JSON object'), toField, 'x').general).toMatch(
      /body/,
    );
  });
});

describe('splitList', () => {
  it('trims, drops empties and duplicates', () => {
    expect(splitList(' a, b ,,a\nc')).toEqual(['a', 'b', 'c']);
  });
});
