import { describe, expect, it } from 'vitest';
import { assigneeOption, hasWorkedIn, matchesTyped, workLine } from './assignees';

const tomas = assigneeOption({
  _id: 'u1',
  name: 'Tomas Translator',
  emailNormal: 'translator@mws.test',
  $vendors: [{ _id: 'g1', name: 'Lumen Subtitling' }],
});

describe('assignee options', () => {
  it('read the name and the vendors (from $vendors, else the translator groups)', () => {
    expect(tomas).toEqual({
      _id: 'u1',
      name: 'Tomas Translator',
      email: 'translator@mws.test',
      vendor: 'Lumen Subtitling',
    });
    const fromGroups = assigneeOption({
      _id: 'u2',
      emailNormal: 'yuki@polyglot.test',
      groups: [
        { _id: 'g2', name: 'Polyglot Post', type: 'translator' },
        { _id: 'g3', name: 'Press', type: 'client' },
      ],
    });
    expect(fromGroups).toMatchObject({ name: 'yuki@polyglot.test', vendor: 'Polyglot Post' });
  });

  it('match when every typed word starts a word of the name, e-mail or vendor, accents and case ignored', () => {
    const lucia = assigneeOption({
      _id: 'u3',
      name: 'Lucía Ramírez',
      $vendors: [{ _id: 'g1', name: 'Lumen Subtitling' }],
    });
    expect(matchesTyped(tomas, '')).toBe(true);
    expect(matchesTyped(tomas, 'tom')).toBe(true);
    expect(matchesTyped(tomas, 'TRANS tom')).toBe(true);
    expect(matchesTyped(tomas, 'lumen')).toBe(true);
    expect(matchesTyped(tomas, 'mws')).toBe(true);
    expect(matchesTyped(tomas, 'omas')).toBe(false);
    expect(matchesTyped(tomas, 'tomas polyglot')).toBe(false);
    expect(matchesTyped(lucia, 'lucia ramirez')).toBe(true);
    expect(matchesTyped(lucia, 'Ramí')).toBe(true);
  });
});

describe("a person's work", () => {
  const base = { _id: 'u1', name: 'Ana Lima', emailNormal: 'ana@x.test' };
  it('reads as a line: languages, open orders, due this week and on the project only when there are some', () => {
    const ana = assigneeOption({
      ...base,
      $work: {
        open: 3,
        dueThisWeek: 1,
        onProject: 2,
        languages: ['fr-FR', 'fr-CA', 'de-DE', 'it-IT', 'es-ES'].map((code) => ({ code, orders: 1 })),
      },
    });
    expect(workLine(ana)).toBe('fr-FR, fr-CA, de-DE, it-IT, … · 3 open · 1 due this week · 2 on this project');
    expect(hasWorkedIn(ana, 'fr-CA')).toBe(true);
    expect(hasWorkedIn(ana, 'pt-BR')).toBe(false);
    const idle = assigneeOption({ ...base, $work: { open: 0, dueThisWeek: 0, languages: [] } });
    expect(workLine(idle)).toBe('No orders yet · 0 open');
    expect(workLine(assigneeOption(base))).toBe('');
    expect(hasWorkedIn(assigneeOption(base), 'fr-FR')).toBe(false);
  });
});
