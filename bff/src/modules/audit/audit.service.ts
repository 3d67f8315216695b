import { C2PA_NOT_SIGNED, C2PA_VALIDATION_TEXTS, type AuditFile, type AuditPacket } from '@shared/api';
import { ALTERATION_CLASSES, mlsProfile, type AlterationClass } from '@shared/domain';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../http/errors';
import type { HandoverDoc, ProjectDoc } from '../../store';
import { projectNotFound } from '../projects';
import { auditPdf } from './audit-pdf';

export type AuditDeps = Pick<AppDeps, 'repos'>;

const iso = (d: Date) => d.toISOString();

/** The file's C2PA validation as it was handed out; records kept before signing say it was not signed. */
const c2paValidation = (record: HandoverDoc): string =>
  record.c2pa ? C2PA_VALIDATION_TEXTS[record.c2pa] : C2PA_NOT_SIGNED;

/** The edits that made `version`, oldest first: the chain of versions it was made from, back to the staging. */
function editDates(project: ProjectDoc | undefined, version: number | null): string[] {
  const versions = project?.versions ?? [];
  const dates: string[] = [];
  let at = versions.find((v) => v.number === version);
  while (at && at.kind !== 'staging') {
    dates.unshift(iso(at.createdAt));
    const from = at.from;
    at = versions.find((v) => v.number === from);
  }
  return dates;
}

function stagedAt(project: ProjectDoc | undefined, first: HandoverDoc): string {
  const staging = project?.versions?.find((v) => v.kind === 'staging');
  return iso(staging?.createdAt ?? project?.completedAt ?? project?.createdAt ?? first.at);
}

/** One published file from its hand-over records (oldest first): every download of the same bytes. */
function auditFile(records: HandoverDoc[], project: ProjectDoc | undefined): AuditFile {
  const first = records[0]!;
  const { source, id, name } = mlsProfile(first.mlsProfile);
  const alterations = first.alterations ?? [first.alteration as AlterationClass];
  const version = first.version ?? null;
  return {
    projectId: first.projectId,
    roomId: first.roomId,
    name: project?.name ?? first.projectId,
    fileSha256: first.fileSha256 ?? null,
    originalSha256: first.originalSha256,
    version,
    variant: first.variant,
    label: first.label ?? null,
    caption: first.caption ?? null,
    mlsProfile: {
      id,
      name,
      rule: source.rule,
      url: source.url,
      read: source.read,
      confirmed: source.confirmed,
    },
    alterations,
    alterationLabels: alterations.map((c) => ALTERATION_CLASSES[c]?.label ?? c).filter((l) => l !== null),
    engine: first.engine,
    model: first.model,
    stagedAt: stagedAt(project, first),
    editedAt: editDates(project, version),
    // One record a day holds that day's downloads: its first time, and its last when there were more.
    downloadedAt: records.flatMap((r) =>
      (r.count ?? 1) > 1 && r.lastAt ? [iso(r.at), iso(r.lastAt)] : [iso(r.at)],
    ),
    downloadedBy: [...new Set(records.map((r) => r.downloadedBy))],
    c2pa: c2paValidation(first),
  };
}

/** The files of a set of records: one per file handed over (by its hash), in the order first taken. */
function auditFiles(records: HandoverDoc[], projects: Map<string, ProjectDoc>): AuditFile[] {
  const groups = new Map<string, HandoverDoc[]>();
  for (const r of [...records].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const key = r.fileSha256 ?? r._id;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((g) => auditFile(g, projects.get(g[0]!.projectId)));
}

/** The audit packet of a project or a property: what a compliance desk asks for, per published file. */
export function auditService({ repos }: AuditDeps) {
  return {
    async project(userId: string, id: string): Promise<AuditPacket> {
      const project = await repos.projects.findForOwner(userId, id);
      if (!project) throw projectNotFound();
      const records = await repos.handovers.listForProject(userId, id);
      const files = auditFiles(records, new Map([[id, project]]));
      return { kind: 'project', id, name: project.name, generatedAt: iso(new Date()), files };
    },

    async property(userId: string, id: string): Promise<AuditPacket> {
      const property = await repos.properties.findForOwner(userId, id);
      if (!property) throw notFound('Property not found.');
      const records = await repos.handovers.listForProperty(userId, id);
      const projects = new Map<string, ProjectDoc>();
      for (const pid of new Set(records.map((r) => r.projectId))) {
        const project = await repos.projects.findForOwner(userId, pid);
        if (project) projects.set(pid, project);
      }
      const files = auditFiles(records, projects);
      return { kind: 'property', id, name: property.name, generatedAt: iso(new Date()), files };
    },

    pdf: auditPdf,
  };
}
export type AuditService = ReturnType<typeof auditService>;
