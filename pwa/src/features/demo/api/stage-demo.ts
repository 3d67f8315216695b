import { useMutation } from '@tanstack/react-query';
import { demoStageResponseSchema } from '@shared/api';
import type { RoomType, StylePreset } from '@shared/domain';
import { apiJson } from '../../../lib/api-client';

export interface StageDemoInput {
  file: File;
  roomType: RoomType;
  stylePreset: StylePreset;
}

/** POST /api/demo/stage: starts an anonymous staging; answers the project id to poll. */
export function stageDemo({ file, roomType, stylePreset }: StageDemoInput) {
  const body = new FormData();
  body.append('image', file);
  body.append('roomType', roomType);
  body.append('stagingMode', 'stage');
  body.append('stylePreset', stylePreset);
  return apiJson('/api/demo/stage', demoStageResponseSchema, { method: 'POST', body });
}

export function useStageDemo() {
  return useMutation({ mutationKey: ['demo-stage'], mutationFn: stageDemo });
}
