import { useMutation } from '@tanstack/react-query';
import { analyzeResponseSchema, type AnalyzeResponse } from '@shared/api';
import { apiJson } from '../../../lib/api-client';

/** Detects the room type and style of a photo, and says whether it is sure (and which engine looked). */
export function analyzeImage(image: Blob, fileName: string, signal?: AbortSignal): Promise<AnalyzeResponse> {
  const form = new FormData();
  form.append('image', image, fileName);
  return apiJson('/api/analyze', analyzeResponseSchema, { method: 'POST', body: form, signal });
}

export function useAnalyzeImage() {
  return useMutation({ mutationFn: (file: File) => analyzeImage(file, file.name) });
}
