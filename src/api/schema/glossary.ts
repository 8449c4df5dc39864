/**
 * Glossary term (extension collection `Glossaryterms`, docs/API.md "Glossary"): a source term and the translation
 * a studio or one of its projects approved for it in one target language. Shared by the server (writes) and the app.
 */
import * as z from 'zod/mini';
import { doc, id, ts, selfLinks } from './common';

/** Longest source term, approved translation or forbidden variant, in characters. */
export const GLOSSARY_TERM_MAX = 200;
export const GLOSSARY_NOTES_MAX = 2000;
export const GLOSSARY_FORBIDDEN_MAX = 20;

const termText = z.string().check(z.maxLength(GLOSSARY_TERM_MAX));

export const glossaryTerm = doc({
  _id: id,
  /** The studio whose term this is (a project's term: the project's studio, set by the server). */
  studio: id,
  /** Present on a project's term; a project's term overrides the studio's for the same source term. */
  project: id,
  /** Target language code (`fr-FR`), as translations name theirs. */
  language: z.string().check(z.maxLength(35)),
  /** Language of the source term (`en` unless said). */
  sourceLanguage: z.string().check(z.maxLength(35)),
  source: termText,
  translation: termText,
  notes: z.string().check(z.maxLength(GLOSSARY_NOTES_MAX)),
  /** Translations of the term that must not be used. */
  forbidden: z.array(termText).check(z.maxLength(GLOSSARY_FORBIDDEN_MAX)),
  /** Match the source term (and check the translation) with its case; by default case is ignored. */
  caseSensitive: z.boolean(),
  created: ts,
  $links: selfLinks,
});
export type GlossaryTerm = z.infer<typeof glossaryTerm>;
