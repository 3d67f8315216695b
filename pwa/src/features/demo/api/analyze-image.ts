import { useMutation } from '@tanstack/react-query';
import { analyzeResponseSchema, type AnalyzeResponse } from '@shared/api';
import { apiJson } from '../../../lib/api-client';

/** POST /api/analyze: the detected room type and style of one photo. */
export function analyzeImage(file: File, signal?: AbortSignal): Promise<AnalyzeResponse> {
  const body = new FormData();
  body.append('image', file);
  return apiJson('/api/analyze', analyzeResponseSchema, { method: 'POST', body, signal });
}

export function useAnalyzeImage() {
  return useMutation({ mutationKey: ['analyze'], mutationFn: (file: File) => analyzeImage(file) });
}
