import type {
  CreatePropertyRequest,
  Limits,
  Property,
  PropertyRoom,
  PropertyShareLink,
  PropertySummary,
  RoomProject,
} from '@shared/api';
import type { ProjectStatus } from '@shared/domain';
import { vi } from 'vitest';
import { jsonResponse, testUser } from './api';

/** The property of the properties tests: '12 Harbor Rd'. */
export const PROPERTY_ID = '7a1c2e9b-3f4d-4b6a-8c2d-1e0f9a8b7c6d';
export const propertyPath = `/api/properties/${PROPERTY_ID}`;

/** Room n's id (ids are client-made UUIDs). */
export const roomId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A room's latest staging as the property answers it; `status` decides the rest unless `over` says. */
export const roomProject = (status: ProjectStatus, over: Partial<RoomProject> = {}): RoomProject => ({
  id: `proj-${status}`,
  name: '12 Harbor Rd - Living Room',
  status,
  progress: status === 'completed' || status === 'failed' ? '100' : '0',
  stagedImageUrl: status === 'completed' ? '/api/projects/proj/images/staged' : null,
  error: status === 'failed' ? 'The AI service did not answer. Please try again.' : null,
  stylePreset: 'modern',
  colorPalette: 'neutral-warm',
  engine: 'openai',
  concept: false,
  creditReturned: false,
  freeRestage: false,
  ...over,
});

/** Room `n` of the property, at position n, its type detected with confidence; no staging. */
export const testRoom = (n: number, over: Partial<PropertyRoom> = {}): PropertyRoom => ({
  id: roomId(n),
  position: n,
  roomType: 'living-room',
  detected: { roomType: over.roomType ?? 'living-room', confident: true, style: null },
  originalImageUrl: `${propertyPath}/rooms/${roomId(n)}/original`,
  thumbnailUrl: `${propertyPath}/rooms/${roomId(n)}/thumb`,
  width: 1600,
  height: 1200,
  project: null,
  createdAt: '2026-11-22T12:00:00.000Z',
  ...over,
});

export const testProperty = (rooms: PropertyRoom[], over: Partial<Property> = {}): Property => ({
  id: PROPERTY_ID,
  name: '12 Harbor Rd',
  listingNumber: 'MLS-4411',
  notes: null,
  mlsProfile: null,
  roomCount: rooms.length,
  coverThumbnailUrl: rooms[0]?.thumbnailUrl ?? null,
  createdAt: '2026-11-22T12:00:00.000Z',
  updatedAt: '2026-11-22T12:00:00.000Z',
  rooms,
  ...over,
});

/** A property as GET /api/properties lists it. */
export const summaryOf = ({ rooms, ...p }: Property): PropertySummary => ({ ...p, roomCount: rooms.length });

/** A free account with 10 credits, none used. */
export const freeLimits: Limits = {
  hasActiveSubscription: false,
  generationsUsed: 0,
  maxGenerations: 10,
  canGenerate: true,
};

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Renumbers rooms after a reorder or a delete, as the server does. */
const inOrder = (rooms: PropertyRoom[]) => rooms.map((r, i) => ({ ...r, position: i + 1 }));

/**
 * The BFF's property API for one property, kept in memory: reads, room edits, reorder, delete, stage
 * runs (each chosen room becomes a pending staging), the buyer link and the ZIP. `answer` goes first and
 * may refuse a call the way the server would. Records every call.
 */
export function fakePropertyApi(
  start: Property,
  options: {
    limits?: Limits;
    /** What GET /api/properties answers; by default the property itself. */
    list?: PropertySummary[];
    link?: PropertyShareLink | null;
    answer?: (call: ApiCall) => Promise<Response> | Response | undefined;
  } = {},
) {
  const state = { property: structuredClone(start), link: options.link ?? null, deleted: false };
  const calls: ApiCall[] = [];
  const ok = (body: unknown, status = 200) => Promise.resolve(jsonResponse(body, status));
  const missing = () => ok({ error: 'not_found', message: 'This property was not found.' }, 404);

  function route({ method, path, body }: ApiCall): Promise<Response> {
    const p = state.property;
    if (path === '/api/auth/user') return ok(testUser);
    if (path === '/api/user/limits') return ok(options.limits ?? freeLimits);
    if (path === '/api/properties' && method === 'GET')
      return ok(options.list ?? (state.deleted ? [] : [summaryOf(p)]));
    if (path === '/api/properties' && method === 'POST') {
      const { id, name, listingNumber = null } = body as CreatePropertyRequest;
      state.property = testProperty([], { id, name, listingNumber });
      state.deleted = false;
      return ok(state.property, 201);
    }
    if (!path.startsWith(propertyPath) || state.deleted) return missing();
    const rest = path.slice(propertyPath.length);
    const room = /^\/rooms\/([^/]+)$/.exec(rest)?.[1];
    if (rest === '' && method === 'GET') return ok(p);
    if (rest === '' && method === 'PATCH') {
      const order = (body as { roomOrder?: string[] }).roomOrder;
      if (order) p.rooms = inOrder(order.map((id) => p.rooms.find((r) => r.id === id)!));
      return ok(p);
    }
    if (rest === '' && method === 'DELETE') {
      state.deleted = true;
      return ok({ ok: true, rooms: p.rooms.length, stagings: p.rooms.filter((r) => r.project).length });
    }
    if (room && method === 'PATCH') {
      p.rooms = p.rooms.map((r) => (r.id === room ? { ...r, ...(body as object) } : r));
      return ok(p.rooms.find((r) => r.id === room));
    }
    if (room && method === 'DELETE') {
      p.rooms = inOrder(p.rooms.filter((r) => r.id !== room));
      return ok({ ok: true });
    }
    if (rest === '/stage' && method === 'POST') {
      const ids = (body as { roomIds: string[] }).roomIds;
      p.rooms = p.rooms.map((r) =>
        ids.includes(r.id) ? { ...r, project: roomProject('pending', { id: `run-${r.id}` }) } : r,
      );
      return ok({ rooms: ids.map((id) => ({ roomId: id, projectId: `run-${id}` })) }, 201);
    }
    if (rest === '/share' && method === 'GET') return ok({ link: state.link });
    if (rest === '/share' && method === 'POST') {
      state.link ??= { token: 'AbCdEfGhIjKlMnOpQrStUv-_', url: 'http://app.test/p/AbCdEfGhIjKlMnOpQrStUv-_' };
      return ok(state.link, 201);
    }
    if (rest === '/download' && method === 'GET') {
      if (!state.link) return ok({ error: 'not_shared', message: 'Share the property first.' }, 409);
      const headers = {
        'Content-Type': 'application/zip',
        'Content-Disposition': 'attachment; filename="12-harbor-rd.zip"',
      };
      return Promise.resolve(new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { headers }));
    }
    return missing();
  }

  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const text = typeof init.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path,
      body: text === undefined ? init.body : JSON.parse(text),
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    return Promise.resolve().then(() => options.answer?.(call) ?? route(call));
  });

  return {
    state,
    calls,
    /** What changed something on the server: every call but the reads, as `METHOD path`. */
    writes: () => calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`),
    /** The body of the last call to `method path`. */
    sent: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path).at(-1)?.body,
  };
}
