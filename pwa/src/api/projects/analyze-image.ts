import { useMutation } from '@tanstack/react-query';
import { analyzeResponseSchema, type AnalyzeResponse } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../lib/api-client';
import { resizeForAnalysis } from '../../lib/resize-image';

/**
 * Detects the room type and style of a photo, and says whether it is sure (and which engine looked). A
 * small copy is sent, never the original: the photo itself leaves the phone once, resized, at Generate.
 */
export async function analyzeImage(
  image: Blob,
  fileName: string,
  signal?: AbortSignal,
): Promise<AnalyzeResponse> {
  const form = new FormData();
  form.append('image', await resizeForAnalysis(image), fileName);
  return apiJson(apiPath('analyze'), analyzeResponseSchema, { method: 'POST', body: form, signal });
}

export function useAnalyzeImage() {
  return useMutation({ mutationFn: (file: File) => analyzeImage(file, file.name) });
}
