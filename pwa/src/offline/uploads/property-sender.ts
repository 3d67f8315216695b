import { UPLOAD_ACCOUNT_HEADER, propertyRoomSchema, propertySchema } from '@shared/api';
import { apiPath } from '@shared/api/api-paths';
import { ApiError, apiJson } from '../../lib/api-client';
import type { UploadRecord, UploadTarget } from '../db';
import type { SendResult } from './upload-queue';
import { ownerIdOf } from './upload-owner';
import { classifyUploadError } from './upload-sender';

type Sent = Pick<UploadRecord, 'id' | 'file' | 'fileName' | 'fields' | 'ownerId'>;

/** The record id is the Idempotency-Key; the owner goes along as for projects. */
function headersOf(record: Sent): Record<string, string> {
  const headers: Record<string, string> = { 'Idempotency-Key': record.id };
  const owner = ownerIdOf(record);
  if (owner) headers[UPLOAD_ACCOUNT_HEADER] = owner;
  return headers;
}

/**
 * POST /api/properties/{id}/rooms: the photo with its room id (the server makes the room once per id),
 * optional room type and the property's name, which creates the property should its own create be lost.
 */
export function postRoom(record: Sent, propertyId: string) {
  const body = new FormData();
  body.append('image', record.file, record.fileName);
  for (const [k, v] of Object.entries(record.fields)) body.append(k, v);
  const path = apiPath('propertyRooms', { id: propertyId });
  return apiJson(path, propertyRoomSchema, { method: 'POST', body, headers: headersOf(record) });
}

/** POST /api/properties with the id made on this device: sent again, it answers the same property. */
export function postProperty(record: Sent) {
  const { name, listingNumber, notes } = record.fields;
  const body = { id: record.id, name, listingNumber: listingNumber || undefined, notes: notes || undefined };
  return apiJson(apiPath('properties'), propertySchema, { method: 'POST', body, headers: headersOf(record) });
}

/**
 * As for projects, but a 402 is this item's own (a free account's property limit): it fails with the
 * server's sentence and the paywall, instead of holding back the whole queue until credits come.
 */
export function classifyPropertyError(err: unknown): Exclude<SendResult, { kind: 'created' | 'saved' }> {
  if (err instanceof ApiError && err.status === 402)
    return { kind: 'refused', message: err.message, paywall: true };
  return classifyUploadError(err);
}

/** Sends a property made offline, or one of a property's photos. */
export async function sendPropertyUpload(record: UploadRecord, target: UploadTarget): Promise<SendResult> {
  try {
    if (target.kind === 'room') {
      await postRoom(record, target.propertyId);
      return { kind: 'saved', propertyId: target.propertyId };
    }
    const property = await postProperty(record);
    return { kind: 'saved', propertyId: property.id };
  } catch (err) {
    return classifyPropertyError(err);
  }
}
