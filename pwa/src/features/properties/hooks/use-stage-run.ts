import { useQueryClient } from '@tanstack/react-query';
import type { Limits, Property, PropertyRoom } from '@shared/api';
import {
  DEFAULT_COLOR_PALETTE,
  DEFAULT_STYLE_PRESET,
  PAYWALL_TITLE,
  notEnoughCreditsMessage,
  usableStyle,
} from '@shared/domain';
import { useEffect, useRef, useState } from 'react';
import { showError } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { limitsQueryKey, limitsQueryOptions, useIsPro } from '../../../lib/limits';
import { useLocalSettings } from '../../../offline/settings';
import { openPaywall, openPaywallForProStyle } from '../../../components/paywall';
import type { StyleChoice } from '../../../components/style-fields';
import { useStageProperty } from '../api/stage-property';
import { PROPERTY_TEXTS } from '../property-texts';
import { creditsLeft, hasStaging, propertyLook, stagingRuns, type PropertyLook } from '../stage-summary';

/**
 * The look of the run until the user picks one: the property's own once some room is staged (so a restaged
 * room still matches the rest), else the device's default style.
 */
function useStyle(look: PropertyLook | null) {
  const settings = useLocalSettings();
  const [style, setStyleState] = useState<StyleChoice>({
    stylePreset: look?.stylePreset ?? DEFAULT_STYLE_PRESET,
    colorPalette: look?.colorPalette ?? DEFAULT_COLOR_PALETTE,
    customPrompt: '',
  });
  const touched = useRef(false);
  const pro = useIsPro();
  const wanted = look?.stylePreset ?? settings.data?.defaultStyle;
  // A Pro look or default of an account whose plan ended starts in the default style instead.
  const stylePreset = wanted && usableStyle(wanted, pro !== false);
  const colorPalette = look?.colorPalette;
  useEffect(() => {
    if (touched.current) return;
    setStyleState((s) => ({
      ...s,
      stylePreset: stylePreset ?? s.stylePreset,
      colorPalette: colorPalette ?? s.colorPalette,
    }));
  }, [stylePreset, colorPalette]);
  const setStyle = (next: StyleChoice) => {
    touched.current = true;
    setStyleState(next);
  };
  return [style, setStyle] as const;
}

/**
 * The stage panel's state and actions: one style for the chosen rooms (by default every room without a
 * staging), a run of them all, or of one room again (retry, restage). Too few credits open the paywall
 * with the server's sentence, said before sending when the limits already tell.
 */
export function useStageRun(property: Property) {
  const queryClient = useQueryClient();
  const stage = useStageProperty(property.id);
  const [style, setStyle] = useStyle(propertyLook(property.rooms));
  /** What the user ticked or unticked; other rooms follow the default. */
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(new Map());

  const isChosen = (room: PropertyRoom) => !stagingRuns(room) && (choices.get(room.id) ?? !hasStaging(room));
  const chosen = property.rooms.filter(isChosen);
  const choose = (roomId: string, on: boolean) => setChoices((c) => new Map(c).set(roomId, on));

  const run = async (roomIds: string[]) => {
    const limits = await queryClient
      .fetchQuery({ ...limitsQueryOptions(), staleTime: 0, networkMode: 'always' })
      .catch(() => queryClient.getQueryData<Limits>(limitsQueryKey));
    const left = creditsLeft(limits);
    if (left !== null && roomIds.length > left) {
      openPaywall({ title: PAYWALL_TITLE, message: notEnoughCreditsMessage(roomIds.length, left) });
      return;
    }
    const customPrompt = style.customPrompt.trim() || undefined;
    stage.mutate(
      {
        request: { roomIds, stylePreset: style.stylePreset, colorPalette: style.colorPalette, customPrompt },
        key: crypto.randomUUID(),
      },
      {
        onSuccess: () => setChoices(new Map()),
        onError: (err) => {
          if (err instanceof ApiError && err.status === 402)
            return openPaywall({ title: PAYWALL_TITLE, message: err.message });
          if (openPaywallForProStyle(err)) return;
          showError(err.message, PROPERTY_TEXTS.stageFailed);
        },
      },
    );
  };

  return {
    style,
    setStyle,
    chosen,
    isChosen,
    choose,
    starting: stage.isPending,
    stageChosen: () => void run(chosen.map((r) => r.id)),
    /** Retry a failed room, or restage a finished one, alone. */
    stageOne: (roomId: string) => void run([roomId]),
  };
}
