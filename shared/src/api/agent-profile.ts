import { z } from 'zod';
import { cleanDisplayText } from '../domain/display-text';

const field = (max: number, what: string) =>
  z
    .string()
    .transform(cleanDisplayText)
    .pipe(z.string().max(max, { message: `${what} has at most ${max} characters.` }));

/**
 * The agent shown to buyers on every shared page of theirs (all optional): name, brokerage, phone and,
 * when chosen, their profile photo or logo.
 */
export const agentProfileSchema = z.object({
  name: field(80, 'The name'),
  brokerage: field(80, 'The brokerage'),
  phone: field(40, 'The phone number'),
  showPhoto: z.boolean().describe("Show the account's profile picture (a photo or a logo) to buyers"),
});
export type AgentProfile = z.infer<typeof agentProfileSchema>;
export const EMPTY_AGENT_PROFILE: AgentProfile = { name: '', brokerage: '', phone: '', showPhoto: false };

/** What a buyer sees of the agent; null when the agent filled in nothing. */
export const publicAgentSchema = z
  .object({
    name: z.string().nullable(),
    brokerage: z.string().nullable(),
    phone: z.string().nullable(),
    photoUrl: z.string().nullable().describe('The agent’s photo or logo on this share'),
  })
  .nullable();
export type PublicAgent = z.infer<typeof publicAgentSchema>;
