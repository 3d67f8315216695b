import { sendProjectUpload, sendPropertyUpload, type Sender } from '../uploads';

/** Sends any queued item where it goes: a new project, a property made offline, or a property's photo. */
export const sendUpload: Sender = (record) =>
  record.target ? sendPropertyUpload(record, record.target) : sendProjectUpload(record);
