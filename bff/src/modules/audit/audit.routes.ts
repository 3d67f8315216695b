import { Router } from '@koa/router';
import { API_PATHS, auditPacketFileName, type AuditPacket } from '@shared/api';
import type { Context } from 'koa';
import type { AppDeps } from '../../app-deps';
import { routeMounter } from '../../http/mount';
import { auditService } from './audit.service';

/** The packet is a file to keep: both forms download as attachments named after the listing. */
function sendPdf(ctx: Context, packet: AuditPacket, pdf: Buffer) {
  ctx.attachment(auditPacketFileName(packet.kind, packet.id, 'pdf'));
  ctx.type = 'application/pdf';
  ctx.body = pdf;
}
const asJson = (ctx: Context, packet: AuditPacket) => {
  ctx.attachment(auditPacketFileName(packet.kind, packet.id, 'json'));
  return packet;
};

export function auditRoutes(deps: AppDeps): Router {
  const audit = auditService(deps);
  const router = new Router();
  const mount = routeMounter(router, deps.repos.users);
  mount('get', API_PATHS.projectAuditPacket, async ({ user, params }, ctx) =>
    asJson(ctx, await audit.project(user._id, params.id)),
  );
  mount('get', API_PATHS.projectAuditPacketPdf, async ({ user, params }, ctx) => {
    const packet = await audit.project(user._id, params.id);
    sendPdf(ctx, packet, audit.pdf(packet));
  });
  mount('get', API_PATHS.propertyAuditPacket, async ({ user, params }, ctx) =>
    asJson(ctx, await audit.property(user._id, params.id)),
  );
  mount('get', API_PATHS.propertyAuditPacketPdf, async ({ user, params }, ctx) => {
    const packet = await audit.property(user._id, params.id);
    sendPdf(ctx, packet, audit.pdf(packet));
  });
  return router;
}
