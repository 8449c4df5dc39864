/**
 * The demo glossary (docs/API.md "Glossary", "Demo terms"): studio terms for French, German and Latin-American
 * Spanish in both studios, and one project's override, chosen against the demo dialogue (./vocab.ts) so that the
 * editor shows highlights and violations in demo translations:
 * - fr-FR "chance" → "occasion" (forbidden "chance"): "C'est notre seule chance." is flagged;
 * - de-DE "chance" → "Gelegenheit" (forbidden "Chance"): "Das ist unsere einzige Chance." is flagged;
 * - es-419 "car" → "auto" (forbidden "coche", Spain's word): "¡Sube al coche, ya!" is flagged;
 * - Midnight Ferry's fr-FR "island" → "Île" (case-sensitive, overriding the studio's "île"): "Personne ne quitte
 *   cette île." is flagged in that project only.
 * Ids come from their own random stream, so the rest of the demo set is unchanged.
 */
import type { Doc } from '../storage/store';
import { foldTerm, glossaryKey, type GlossaryTermDoc } from '../domain/glossary';
import { Rng } from './random';

interface DemoTerm {
  language: string;
  source: string;
  translation: string;
  notes?: string;
  forbidden?: string[];
  caseSensitive?: boolean;
}

const STUDIO_TERMS: readonly DemoTerm[] = [
  { language: 'fr-FR', source: 'island', translation: 'île', notes: 'Lower case, with the circumflex.' },
  { language: 'fr-FR', source: 'truth', translation: 'vérité' },
  { language: 'fr-FR', source: 'car', translation: 'voiture', forbidden: ['bagnole'], notes: 'Neutral register.' },
  {
    language: 'fr-FR',
    source: 'chance',
    translation: 'occasion',
    forbidden: ['chance'],
    notes: 'House style: an opportunity is « occasion ».',
  },
  { language: 'fr-FR', source: 'water', translation: 'eau' },
  { language: 'de-DE', source: 'island', translation: 'Insel' },
  { language: 'de-DE', source: 'truth', translation: 'Wahrheit' },
  {
    language: 'de-DE',
    source: 'chance',
    translation: 'Gelegenheit',
    forbidden: ['Chance'],
    notes: 'House style: no anglicism.',
  },
  { language: 'es-419', source: 'island', translation: 'isla' },
  {
    language: 'es-419',
    source: 'car',
    translation: 'auto',
    forbidden: ['coche'],
    notes: 'Latin America: « auto » (or « carro »), never Spain’s « coche ».',
  },
];

const PROJECT_TERMS: Readonly<Record<string, readonly DemoTerm[]>> = {
  'Midnight Ferry': [
    {
      language: 'fr-FR',
      source: 'island',
      translation: 'Île',
      caseSensitive: true,
      notes: 'In Midnight Ferry the Island is a place name: capital Î.',
    },
  ],
};

function termDoc(rng: Rng, created: number, studio: string, project: string | undefined, t: DemoTerm): GlossaryTermDoc {
  const folded = foldTerm(t.source);
  return {
    _id: rng.id(created),
    created,
    studio,
    ...(project ? { project } : {}),
    language: t.language,
    sourceLanguage: 'en',
    source: t.source,
    translation: t.translation,
    ...(t.notes ? { notes: t.notes } : {}),
    forbidden: t.forbidden ?? [],
    caseSensitive: t.caseSensitive ?? false,
    folded,
    key: glossaryKey(studio, project, t.language, folded),
  };
}

/** The demo's glossary terms for these studios and projects (`now`: the demo's clock, epoch seconds). */
export function buildDemoGlossary(studios: readonly Doc[], projects: readonly Doc[], now: number, seed: number): Doc[] {
  const rng = new Rng(seed);
  const out: Doc[] = [];
  let created = now - 30 * 86400;
  for (const studio of studios) {
    for (const t of STUDIO_TERMS) out.push(termDoc(rng, (created += 60), studio._id, undefined, t));
  }
  for (const project of projects) {
    for (const t of PROJECT_TERMS[String(project.name)] ?? [])
      out.push(termDoc(rng, (created += 60), String(project.studio), project._id, t));
  }
  return out;
}
