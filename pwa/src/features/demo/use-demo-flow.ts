import {
  STAGING_FAILED_TITLE,
  UPLOAD_MESSAGES,
  analysisToast,
  type RoomType,
  type StylePreset,
} from '@shared/domain';
import { useEffect, useReducer } from 'react';
import { showConfirmation, showError } from '../../components/toast';
import { photoRefusal } from '../../lib/photo-refusal';
import { analyzeImage } from '../../api/projects';
import { isDemoFinished, useDemoProject } from './api/get-demo-project';
import { useStageDemo } from './api/stage-demo';
import { canStage, demoReducer, initialDemoState } from './demo-machine';
import { DEMO_TOASTS, limitSentence, refusalText, stagingToasts } from './demo-messages';

/** Drives one demo run for one photo: analysis on arrival, staging on request, polling until it ends. */
export function useDemoFlow(file: File) {
  const [state, dispatch] = useReducer(demoReducer, initialDemoState);
  const stageMutation = useStageDemo();
  const project = useDemoProject(state.phase === 'processing' ? state.projectId : null);

  useEffect(() => {
    // An empty file is refused where it was picked, as the server would refuse it: nothing to stage.
    if (file.size === 0) return void dispatch({ type: 'analysisFailed', refused: UPLOAD_MESSAGES.empty });
    const abort = new AbortController();
    analyzeImage(file, file.name, abort.signal).then(
      (result) => {
        if (abort.signal.aborted) return;
        dispatch({ type: 'analysed', result });
        // The analysis runs as the photo arrives, so no room type was picked yet.
        void showConfirmation(
          analysisToast(result, result.confident ? result.roomType : null, { withStyle: false }),
        );
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        const limitReached = limitSentence(err);
        const refused = photoRefusal(err) ?? undefined;
        dispatch({ type: 'analysisFailed', limitReached, refused });
        // A limit or a refusal is said in the demo itself, with what to do next: no toast over it.
        if (limitReached || refused) return;
        showError(refusalText(err, DEMO_TOASTS.analysisFailed.description), DEMO_TOASTS.analysisFailed.title);
      },
    );
    return () => abort.abort();
  }, [file]);

  const { data, error, isError } = project;
  useEffect(() => {
    if (state.phase !== 'processing') return;
    if (isError) {
      // Spec: a failed status fetch stops polling without a toast; the reason stays visible with Try Again.
      console.warn('Failed to fetch project status', error);
      dispatch({ type: 'failed', error: error.message });
    } else if (data && isDemoFinished(data)) {
      if (data.status === 'completed') {
        dispatch({ type: 'completed', project: data });
        void showConfirmation(stagingToasts(data.engine).complete);
      } else {
        dispatch({ type: 'failed', error: data.metadata.error ?? data.error ?? '' });
        showError(
          data.metadata.error ?? data.error ?? DEMO_TOASTS.projectFailedFallback,
          STAGING_FAILED_TITLE,
        );
      }
    }
  }, [state.phase, data, error, isError]);

  const stage = () => {
    if (!canStage(state) || !state.roomType) return;
    dispatch({ type: 'stageStarted' });
    stageMutation.mutate(
      { file, roomType: state.roomType, stylePreset: state.style },
      {
        onSuccess: ({ id, engine }) => {
          dispatch({ type: 'stageAccepted', projectId: id, engine });
          void showConfirmation(stagingToasts(engine).started);
        },
        onError: (err) => {
          const limitReached = limitSentence(err);
          dispatch({ type: 'stageRefused', limitReached });
          if (limitReached) return;
          showError(refusalText(err, DEMO_TOASTS.startFailed.description), DEMO_TOASTS.startFailed.title);
        },
      },
    );
  };

  return {
    state,
    canStage: canStage(state),
    stage,
    setRoomType: (roomType: RoomType) => dispatch({ type: 'roomType', roomType }),
    setStyle: (style: StylePreset) => dispatch({ type: 'style', style }),
  };
}
