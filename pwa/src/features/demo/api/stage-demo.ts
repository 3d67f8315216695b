import { useMutation } from '@tanstack/react-query';
import { demoStageResponseSchema } from '@shared/api';
import type { RoomType, StylePreset } from '@shared/domain';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';
import { resizeForUpload } from '../../../lib/resize-image';

export interface StageDemoInput {
  file: File;
  roomType: RoomType;
  stylePreset: StylePreset;
}

/** POST /api/demo/stage: starts an anonymous staging with the resized photo; answers the project id to poll. */
export async function stageDemo({ file, roomType, stylePreset }: StageDemoInput) {
  const body = new FormData();
  body.append('image', await resizeForUpload(file), file.name);
  body.append('roomType', roomType);
  body.append('stagingMode', 'stage');
  body.append('stylePreset', stylePreset);
  return apiJson(apiPath('demoStage'), demoStageResponseSchema, { method: 'POST', body });
}

export function useStageDemo() {
  return useMutation({ mutationKey: ['demo-stage'], mutationFn: stageDemo });
}
