import { useMutation } from '@tanstack/react-query';
import { provenanceCheckSchema, type ProvenanceCheck } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { apiJson } from '../../../lib/api-client';

/** What a photo says of its own making: its signed C2PA record and the original its hidden mark names. */
export function checkProvenance(photo: File): Promise<ProvenanceCheck> {
  const form = new FormData();
  form.append('image', photo, photo.name);
  return apiJson(apiPath('provenanceCheck'), provenanceCheckSchema, { method: 'POST', body: form });
}

export function useCheckProvenance() {
  return useMutation({ mutationFn: checkProvenance });
}
