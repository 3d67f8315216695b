import { API_PATHS } from './api-paths';
import { auditPacketSchema } from './audit';
import { errorResponse, projectNotFound, signedIn, type ApiRoute } from './route-types';

const propertyNotFound = { 404: errorResponse('No such property, or not yours') };
const PACKET =
  "each published file's SHA-256 and its original's, the label and caption as shown, the MLS rule with its source, the alteration classes, the model, the dates of staging, edits and downloads, and the C2PA validation";

/** The audit packet a compliance desk asks for, as JSON and as a PDF, per project and per property. */
export const AUDIT_ROUTES = [
  {
    method: 'get',
    path: API_PATHS.projectAuditPacket,
    summary: `The project's audit packet as JSON (an attachment): ${PACKET}`,
    tag: 'Projects',
    auth: 'session',
    scope: 'projects:read',
    responses: {
      200: { description: 'audit-packet-project-{id}.json', schema: auditPacketSchema },
      ...signedIn,
      ...projectNotFound,
    },
  },
  {
    method: 'get',
    path: API_PATHS.projectAuditPacketPdf,
    summary: "The project's audit packet as a PDF for a compliance desk",
    tag: 'Projects',
    auth: 'session',
    scope: 'projects:read',
    responses: {
      200: { description: 'audit-packet-project-{id}.pdf', contentType: 'application/pdf' },
      ...signedIn,
      ...projectNotFound,
    },
  },
  {
    method: 'get',
    path: API_PATHS.propertyAuditPacket,
    summary: `The property's audit packet as JSON (an attachment), every room: ${PACKET}`,
    tag: 'Properties',
    auth: 'session',
    scope: 'properties',
    responses: {
      200: { description: 'audit-packet-property-{id}.json', schema: auditPacketSchema },
      ...signedIn,
      ...propertyNotFound,
    },
  },
  {
    method: 'get',
    path: API_PATHS.propertyAuditPacketPdf,
    summary: "The property's audit packet as a PDF for a compliance desk",
    tag: 'Properties',
    auth: 'session',
    scope: 'properties',
    responses: {
      200: { description: 'audit-packet-property-{id}.pdf', contentType: 'application/pdf' },
      ...signedIn,
      ...propertyNotFound,
    },
  },
] as const satisfies readonly ApiRoute[];
