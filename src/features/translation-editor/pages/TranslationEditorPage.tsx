/**
 * `/work-requests/:id/translation` and `/work-requests/:id/graphics-translation`: the line editor for the work
 * request's dialogue translation or its graphics translation.
 *
 * Lines come from the embedded translation form of `GET /workrequests/{id}`, with the translation's ETag when
 * the server sends it (`$etag`, an extension); otherwise `GET /translations/{id}` (an extension) adds the ETag
 * that saves send as If-Match, and its lines win when they are newer. The original text
 * comes from the asset's transcription (`transcription.dialogue` / `.graphics`), loaded with the same extension.
 */
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonRows } from '../../../components/Skeleton';
import { StatusBadge } from '../../../components/StatusBadge';
import { ZonedDateTime } from '../../../components/ZonedDateTime';
import { useDocumentTitle } from '../../../components/PageTitle';
import { useSession } from '../../../lib/session/useSession';
import { editorPathFor } from '../../../lib/editorPath';
import type { Line } from '../../../api/schema/translation';
import { EditorDocument } from '../model/editorDocument';
import { OriginalIndex } from '../model/originals';
import { profileFor } from '../model/qc/profiles';
import { profileOfSpec } from '../../../api/schema/deliverySpec';
import { statedFrameRate } from '../model/timecode';
import { assetFrameRate } from '../model/frames';
import { useEditorMedia, useIngestedVideo } from '../mediaQueries';
import { directionOf, fontFrom } from '../model/languages';
import {
  transcriptionIdOf,
  useEditorTranslation,
  useEditorWorkRequest,
  useLanguages,
  useTranscription,
  useTranslationGlossary,
  useAppliedSpec,
  type TranslationKind,
} from '../queries';
import { Glossary, entryOf } from '../model/glossary';
import { isUnavailable } from '../../../api/client';
import { TranslationEditor } from '../components/TranslationEditor';
import { TimecodeProvider } from '../components/TimecodeProvider';
import '../editor.css';

export function TranslationEditorPage({ kind }: { kind: TranslationKind }) {
  const { id = '' } = useParams();
  const wrQuery = useEditorWorkRequest(id);
  const wr = wrQuery.data?.data;
  const embedded = kind === 'graphics' ? wr?.graphicsTranslation : wr?.translation;
  const translationId = embedded?._id;
  // This server sends the translation's ETag with the embedded lines; a deployment that does not is asked for the
  // record (GET /translations/{id}) before the editor opens, for the ETag that saves send as If-Match.
  const embeddedEtag = embedded?.lines ? embedded.$etag : undefined;
  const record = useEditorTranslation(embeddedEtag ? undefined : translationId);
  const transcriptionId = transcriptionIdOf(wr, kind);
  const transcription = useTranscription(transcriptionId);
  const glossary = useTranslationGlossary(translationId);
  const languages = useLanguages();
  const session = useSession();
  const what = kind === 'graphics' ? 'Graphics translation' : 'Translation';
  useDocumentTitle(wr?.asset?.name ? `${what}: ${wr.asset.name}` : what);

  const language = embedded?.language ?? record.data?.data.language ?? wr?.language;
  // The asset's one frame rate (docs/API.md "Frames"): its video's, else its record's; the checks and nudges use it.
  const ingestedFps = useIngestedVideo(wr?.asset?._id).data?.frameRate;
  const previewFps = useEditorMedia(wr?.asset?._id).data?.frameRate;
  const videoFps = ingestedFps ?? previewFps;
  const statedFps = statedFrameRate(wr?.asset);
  const frameRate = useMemo(() => assetFrameRate(videoFps, statedFps), [videoFps, statedFps]);
  const fps = frameRate.rate.fps;
  // The record's lines (with its ETag) when the extension answered; the embedded form's otherwise.
  const ready =
    wr !== undefined &&
    translationId !== undefined &&
    (embeddedEtag !== undefined || record.isSuccess || record.isError);
  const serverLines: Line[] | undefined = ready ? (record.data?.data.lines ?? embedded?.lines ?? []) : undefined;

  // The originals and the glossary, one index each per answer: the document checks every line again when either
  // changes, so the same answer must not make a new one.
  const originals = useMemo(() => {
    const lines = transcription.data?.data.lines;
    return lines ? new OriginalIndex(lines) : undefined;
  }, [transcription.data]);
  const glossaryIndex = useMemo(
    () => (glossary.data ? new Glossary(glossary.data.flatMap((t) => entryOf(t) ?? [])) : undefined),
    [glossary.data],
  );

  // The document is made once per translation, when its lines arrive, with the originals and the glossary already
  // here (one pass of the checks over every line, not one more for each).
  // Made while rendering (React re-renders at once with it), not in an effect: no commit without it.
  const [opened, setOpened] = useState<{ id: string; doc: EditorDocument } | undefined>();
  if (serverLines && translationId && opened?.id !== translationId) {
    const profile = profileFor(language, {}, fps);
    setOpened({ id: translationId, doc: new EditorDocument(serverLines, profile, originals, glossaryIndex) });
  }
  const doc = opened && opened.id === translationId ? opened.doc : undefined;

  useEffect(() => {
    // The video's rate arrives after the lines when the previews answer later: the checks follow it.
    if (doc && doc.currentProfile.fps !== fps) doc.setProfile({ ...doc.currentProfile, fps });
  }, [doc, fps]);

  useEffect(() => {
    if (doc && originals) doc.setOriginals(originals);
  }, [doc, originals]);

  useEffect(() => {
    if (doc && glossaryIndex) doc.setGlossary(glossaryIndex);
  }, [doc, glossaryIndex]);

  // The order's delivery specification is what Submit and the reviewer judge by: it replaces the local profile.
  const spec = useAppliedSpec(translationId);
  useEffect(() => {
    if (doc && spec.data) doc.setProfile(profileOfSpec(spec.data.spec ?? {}, fps));
  }, [doc, spec.data, fps]);

  const fontInfo = useMemo(() => {
    const match = languages.data?.find((l) => l.code?.toLowerCase() === language?.toLowerCase());
    return fontFrom(match?.translationFonts);
  }, [languages.data, language]);
  const textStyle: CSSProperties | undefined = useMemo(
    () => (fontInfo.family || fontInfo.sizePx ? { fontFamily: fontInfo.family, fontSize: fontInfo.sizePx } : undefined),
    [fontInfo],
  );

  const groups = session?.user?.groups ?? [];
  const canApprove = groups.some((g) => g.type === 'admin' || g.type === 'coordinator');
  // The reviewers of this order note its lines: the studio, and its client (docs/API.md "Review notes").
  const canNote = canApprove || (wr?.from?._id !== undefined && wr.from._id === session?.user?._id);
  const verdict = record.data?.data.verdict ?? embedded?.verdict;

  const back = <Link to={`/work-requests/${encodeURIComponent(id)}`}>← {wr?.asset?.name ?? 'Work request'}</Link>;

  if (wrQuery.isError) {
    return (
      <div className="page">
        <ErrorPanel
          error={wrQuery.error}
          title="Could not open this work request"
          onRetry={() => void wrQuery.refetch()}
        />
      </div>
    );
  }
  if (wr && !translationId) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">No {what.toLowerCase()} yet</h1>
        <p>
          This work request has no {kind === 'graphics' ? 'graphics translation' : 'translation'}. {back}
        </p>
      </div>
    );
  }

  return (
    <div className="page page--editor">
      <div className="editor-header">
        <nav aria-label="Breadcrumb" className="editor-header__crumb">
          {back}
        </nav>
        <h1 className="page__title">
          {what}
          {wr?.asset?.name ? (
            <>
              : <span className="editor-header__asset">{wr.asset.name}</span>
            </>
          ) : null}
          {language ? <span className="editor-header__lang"> · {language}</span> : null}
        </h1>
        <div className="editor-header__meta">
          {embedded?.status || record.data?.data.status ? (
            <StatusBadge status={record.data?.data.status ?? embedded?.status} />
          ) : null}
          {wr?.due ? (
            <span className="editor-header__due">
              Due <ZonedDateTime value={wr.due} compact />
            </span>
          ) : null}
          {kind === 'dialogue' && wr?.graphicsTranslation?._id ? (
            <Link to={editorPathFor(id, 'graphics')}>Graphics translation →</Link>
          ) : null}
          {kind === 'graphics' && wr?.translation?._id ? (
            <Link to={editorPathFor(id, 'dialogue')}>Subtitle translation →</Link>
          ) : null}
        </div>
        {record.isError ? (
          <p className="hint">
            Saving without conflict detection: this server does not offer GET /translations/{'{id}'}.
          </p>
        ) : null}
        {transcription.isError ? <p className="hint">The original text could not be loaded.</p> : null}
        {glossary.isError ? (
          <p className="hint">
            {isUnavailable(glossary.error)
              ? 'The glossary is unavailable on this server: terms are neither highlighted nor checked.'
              : 'The glossary could not be loaded: terms are neither highlighted nor checked.'}
          </p>
        ) : null}
      </div>
      {!doc || !translationId ? (
        <SkeletonRows rows={10} label="Loading the lines" />
      ) : (
        <TimecodeProvider frameRate={frameRate}>
          <TranslationEditor
            key={translationId}
            doc={doc}
            translationId={translationId}
            appliedSpec={spec.data}
            workRequestId={id}
            etag={record.data?.etag ?? embeddedEtag}
            serverLines={serverLines ?? []}
            meta={{
              status: record.data?.data.status ?? embedded?.status,
              approval: record.data?.data.approval ?? embedded?.approval,
            }}
            language={language}
            originalLanguage={transcription.data?.data.language}
            dir={directionOf(language)}
            originalDir={directionOf(transcription.data?.data.language)}
            textStyle={textStyle}
            canApprove={canApprove}
            canNote={canNote}
            noteUnit={kind === 'graphics' ? 'card' : 'line'}
            verdictNotes={verdict?.notes}
            verdictReason={verdict?.reason}
            rounds={record.data?.data.rounds ?? embedded?.rounds}
            workRequestStatus={wr?.status}
            fileBaseName={`${wr?.asset?.slug ?? wr?.asset?.name ?? 'translation'}-${language ?? ''}${kind === 'graphics' ? '-graphics' : ''}`.replace(
              /[^\w.-]+/g,
              '_',
            )}
            title={`${what} lines`}
            asset={{
              id: wr?.asset?._id,
              name: wr?.asset?.name,
              aspectRatio: wr?.asset?.aspectRatio,
              frameRate: statedFps,
            }}
          />
        </TimecodeProvider>
      )}
    </div>
  );
}

/** Route modules. */
export function DialogueTranslationPage() {
  return <TranslationEditorPage kind="dialogue" />;
}

export function GraphicsTranslationPage() {
  return <TranslationEditorPage kind="graphics" />;
}
