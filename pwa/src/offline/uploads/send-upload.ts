import { sendPropertyUpload } from './property-sender';
import type { Sender } from './upload-queue';
import { sendProjectUpload } from './upload-sender';

/** Sends any queued item where it goes: a new project, a property made offline, or a property's photo. */
export const sendUpload: Sender = (record) =>
  record.target ? sendPropertyUpload(record, record.target) : sendProjectUpload(record);
