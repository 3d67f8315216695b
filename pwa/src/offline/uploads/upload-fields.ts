import type { ColorPalette, RoomType, StagingMode, StylePreset } from '@shared/domain';

/** What a generate sends besides the photo. */
export interface ProjectUploadOptions {
  name: string;
  stagingMode: StagingMode;
  roomType: RoomType;
  stylePreset: StylePreset;
  colorPalette: ColorPalette;
  customPrompt: string;
  /** Staged without the structure lock (a design concept); absent: locked. */
  freeRestyle?: boolean;
  /** A photo of a batch run: the run's id and how many photos it sends (its owner gets one mail for it). */
  batch?: { id: string; size: number };
}

/** The text fields of POST /api/projects: style and palette only when not unstaging, prompt trimmed and omitted if empty. */
export function projectUploadFields(input: ProjectUploadOptions): Record<string, string> {
  const fields: Record<string, string> = {
    name: input.name,
    stagingMode: input.stagingMode,
    roomType: input.roomType,
  };
  if (input.stagingMode !== 'unstage') {
    fields.stylePreset = input.stylePreset;
    fields.colorPalette = input.colorPalette;
  }
  const prompt = input.customPrompt.trim();
  if (prompt) fields.customPrompt = prompt;
  if (input.freeRestyle && input.stagingMode !== 'unstage') fields.freeRestyle = 'true';
  if (input.batch) {
    fields.batchId = input.batch.id;
    fields.batchSize = String(input.batch.size);
  }
  return fields;
}
