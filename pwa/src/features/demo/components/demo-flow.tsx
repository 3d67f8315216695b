import {
  ANALYSIS_UNSURE_TITLE,
  PREVIEW_NOTICE,
  PREVIEW_RESULT_NOTICE,
  ROOM_TYPE_LABELS,
  STYLE_PRESET_LABELS,
  formatFileSize,
  isPreviewEngine,
} from '@shared/domain';
import { useEffect, useState } from 'react';
import { ComparisonPanel } from '../../../components/comparison';
import { PreviewNotice } from '../../../components/preview-notice';
import { openSignIn } from '../../../components/sign-in-opener';
import { DEMO_LIMIT, PICK_ROOM_TEXT, failureText, workingText } from '../demo-messages';
import { useDemoFlow } from '../use-demo-flow';
import { DemoOptions } from './demo-options';

export interface DemoFlowProps {
  file: File;
  onReset: () => void;
}

const primary =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-indigo-600 px-5 font-semibold text-white hover:bg-indigo-500 disabled:cursor-not-allowed disabled:bg-slate-700 disabled:text-slate-300';
const secondary =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-700 px-5 font-medium text-slate-100 hover:bg-slate-800';

/** A local preview of the chosen photo, released when it is no longer shown. */
function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/** The demo after a photo is chosen: analysis, options, staging, and the result or the failure. */
export function DemoFlow({ file, onReset }: DemoFlowProps) {
  const { state, canStage, stage, setRoomType, setStyle } = useDemoFlow(file);
  const preview = useObjectUrl(file);
  const { phase, project } = state;
  const working = phase === 'staging' || phase === 'processing';

  if (phase === 'completed' && project?.stagedImageUrl) {
    return (
      <div className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-emerald-500/15 px-3 py-1 text-sm font-semibold text-emerald-300">
            Demo Complete
          </span>
          {isPreviewEngine(project.engine) && (
            <span className="rounded-full bg-amber-500/15 px-3 py-1 text-sm font-semibold text-amber-200">
              Preview
            </span>
          )}
        </div>
        {isPreviewEngine(project.engine) && <PreviewNotice message={PREVIEW_RESULT_NOTICE} />}
        <ComparisonPanel
          beforeUrl={project.originalImageUrl}
          afterUrl={project.stagedImageUrl}
          variants={project.variants}
          projectName={ROOM_TYPE_LABELS[project.roomType]}
          titleAs="h3"
          loading="eager"
        />
        <button type="button" className={secondary} onClick={onReset}>
          Try Another Room
        </button>
      </div>
    );
  }

  // A refused file shows why where its photo was: no thumbnail (it may not be an image), no options.
  if (state.refused) {
    return (
      <div className="grid gap-4 rounded-2xl border border-slate-800 bg-slate-900/50 p-4 sm:p-6">
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-100">{file.name}</p>
          <p className="text-sm text-slate-300">{formatFileSize(file.size)}</p>
        </div>
        <p role="alert" className="rounded-lg border border-red-900 bg-red-950/60 p-3 text-red-100">
          {state.refused}
        </p>
        <button type="button" className={primary} onClick={onReset}>
          Choose another photo
        </button>
      </div>
    );
  }

  return (
    <div className="grid gap-5 rounded-2xl border border-slate-800 bg-slate-900/50 p-4 sm:p-6">
      <div className="flex items-center gap-3">
        {preview && (
          <img
            src={preview}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 shrink-0 rounded-lg object-cover"
          />
        )}
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-100">{file.name}</p>
          <p className="text-sm text-slate-300">{formatFileSize(file.size)}</p>
        </div>
      </div>
      {isPreviewEngine(state.engine) && <PreviewNotice message={PREVIEW_NOTICE} />}
      <div role="status" className="text-sm text-slate-200">
        {phase === 'analysing' && 'Analyzing your photo...'}
        {state.detected?.confident && phase !== 'analysing' && (
          <>
            Detected: <strong>{ROOM_TYPE_LABELS[state.detected.roomType]}</strong>, style{' '}
            <strong>{STYLE_PRESET_LABELS[state.detected.style]}</strong>
          </>
        )}
        {state.detected && !state.detected.confident && phase !== 'analysing' && (
          <>
            {ANALYSIS_UNSURE_TITLE}. {state.roomType === null && PICK_ROOM_TEXT}
          </>
        )}
      </div>
      <DemoOptions
        roomType={state.roomType}
        style={state.style}
        disabled={working}
        onRoomType={setRoomType}
        onStyle={setStyle}
      />
      {working && (
        <div
          role="status"
          className="flex items-center gap-3 rounded-lg bg-indigo-500/10 p-3 text-indigo-100"
        >
          <span
            className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-indigo-300 border-t-transparent"
            aria-hidden="true"
          />
          <span>{workingText(phase === 'staging' ? null : state.engine)}</span>
        </div>
      )}
      {state.limitReached && !working && (
        <div
          role="alert"
          className="grid gap-3 rounded-lg border border-amber-400/50 bg-amber-400/10 p-3 text-amber-50"
        >
          <p>
            <strong className="font-semibold">{DEMO_LIMIT.title}.</strong> {state.limitReached}
          </p>
          <button type="button" className={primary} onClick={() => openSignIn('register')}>
            {DEMO_LIMIT.action}
          </button>
        </div>
      )}
      {phase === 'failed' && (
        <div
          role="alert"
          className="grid gap-3 rounded-lg border border-red-900 bg-red-950/60 p-3 text-red-100"
        >
          <p>{failureText(state.error)}</p>
          <button type="button" className={secondary} onClick={stage}>
            Try Again
          </button>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {phase !== 'failed' && (
          <button type="button" className={primary} disabled={!canStage} onClick={stage}>
            {working ? 'Staging...' : 'Stage This Room'}
          </button>
        )}
        <button type="button" className={secondary} onClick={onReset} disabled={working}>
          {phase === 'failed' ? 'Try Another Room' : 'Choose another photo'}
        </button>
      </div>
    </div>
  );
}
