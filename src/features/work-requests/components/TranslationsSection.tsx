/** The request's translation and graphics translation, with links into their editors. */
import { Link } from 'react-router';
import type { EmbeddedTranslation } from '../../../api/schema/translation';
import { Section } from '../../../components/Section';
import { StatusBadge } from '../../../components/StatusBadge';
import { personName } from '../../../lib/people';
import { editorPathFor } from '../../../lib/editorPath';
import { AcceptedProblems } from './AcceptedProblems';

interface CardProps {
  title: string;
  translation: EmbeddedTranslation | undefined;
  editor: string;
  /** The editor's route for this request. */
  to: string;
}

function TranslationCard({ title, translation, editor, to }: CardProps) {
  if (!translation) {
    return (
      <div className="tcard">
        <div className="tcard__head">
          <strong>{title}</strong>
        </div>
        <p className="muted">None for this request.</p>
      </div>
    );
  }
  // List items carry no lines; this server adds `lineCount` / `translatedCount` instead.
  const extra = translation as Record<string, unknown>;
  const lines = translation.lines?.length ?? (typeof extra.lineCount === 'number' ? extra.lineCount : undefined);
  const translated = typeof extra.translatedCount === 'number' ? extra.translatedCount : undefined;
  return (
    <div className="tcard">
      <div className="tcard__head">
        <strong>{title}</strong>
        <StatusBadge status={translation.status} />
      </div>
      <p className="tcard__meta">
        {translation.language ? <code className="code">{translation.language}</code> : null}{' '}
        {translation.translator ? personName(translation.translator) : 'No translator assigned'}
        {lines !== undefined
          ? ` · ${translated !== undefined ? `${translated} of ` : ''}${lines} line${lines === 1 ? '' : 's'}${translated !== undefined ? ' translated' : ''}`
          : ''}
        {translation.approval ? ' · approved' : ''}
      </p>
      {translation._id ? <AcceptedProblems translationId={translation._id} /> : null}
      <Link className="button button--small" to={to}>
        Open {editor}
      </Link>
    </div>
  );
}

export function TranslationsSection({
  workRequestId,
  translation,
  graphicsTranslation,
}: {
  workRequestId: string;
  translation: EmbeddedTranslation | undefined;
  graphicsTranslation: EmbeddedTranslation | undefined;
}) {
  return (
    <Section title="Translations">
      <div className="tcards">
        <TranslationCard
          title="Subtitles"
          translation={translation}
          editor="translation editor"
          to={editorPathFor(workRequestId, 'dialogue')}
        />
        <TranslationCard
          title="Graphics"
          translation={graphicsTranslation}
          editor="graphics translation editor"
          to={editorPathFor(workRequestId, 'graphics')}
        />
      </div>
    </Section>
  );
}
