import { useMutation } from '@tanstack/react-query';
import { analyzeResponseSchema, type AnalyzeResponse } from '@shared/api';
import { apiJson } from '../../../lib/api-client';

/** Detects the room type and style of a photo. */
export function analyzeImage(image: Blob, fileName: string): Promise<AnalyzeResponse> {
  const form = new FormData();
  form.append('image', image, fileName);
  return apiJson('/api/analyze', analyzeResponseSchema, { method: 'POST', body: form });
}

export function useAnalyzeImage() {
  return useMutation({ mutationFn: (file: File) => analyzeImage(file, file.name) });
}
