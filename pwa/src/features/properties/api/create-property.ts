import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePropertyRequest, Property } from '@shared/api';
import { propertyQueryKey } from '../../../lib/property-query-keys';
import { requestBackgroundSync } from '../../../offline/sync';
import {
  classifyPropertyError,
  discardUpload,
  enqueueProperty,
  postProperty,
  releaseUpload,
  settleUpload,
  uploadAccount,
} from '../../../offline/uploads';
import { refreshProperties } from './get-properties';

/** Made on the server at once, or kept on this device until it can be (no connection, or a sign-in first). */
export type CreatePropertyOutcome =
  { kind: 'created'; property: Property } | { kind: 'queued'; reason: 'connection' | 'auth' };

/**
 * The one place a property is created. It is stored in the upload queue first (its id made here), then
 * sent; should the server be out of reach it stays there and goes before its photos when the connection
 * is back. The id makes a resend answer the same property. A refusal (the free limit's 402 included)
 * leaves nothing behind and is thrown with the server's sentence.
 */
export async function createProperty(input: CreatePropertyRequest): Promise<CreatePropertyOutcome> {
  const owner = uploadAccount() ?? null;
  const queued = await enqueueProperty({ ...input, owner }, Date.now(), { hold: true });
  const record = { ...queued, attempts: 1 };
  try {
    const property = await postProperty(record);
    await settleUpload(record, { kind: 'saved', propertyId: property.id });
    return { kind: 'created', property };
  } catch (err) {
    const result = classifyPropertyError(err);
    if (result.kind === 'retry' || result.kind === 'auth') {
      await settleUpload(record, result);
      if (result.kind === 'retry') void requestBackgroundSync();
      return { kind: 'queued', reason: result.kind === 'auth' ? 'auth' : 'connection' };
    }
    await discardUpload(record.id);
    throw err;
  } finally {
    releaseUpload(record.id);
  }
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProperty,
    // Offline it must still run: the property is kept on the device at once instead of the mutation pausing.
    networkMode: 'always',
    onSuccess: (outcome) => {
      if (outcome.kind === 'created')
        queryClient.setQueryData(propertyQueryKey(outcome.property.id), outcome.property);
      void refreshProperties(queryClient);
    },
  });
}
