import { z } from 'zod';
import { VALIDATION_TEXTS } from '../texts/validation';
import { optionalField, ZFormBoolean, ZId, ZIsoDate, ZText } from './common';

// Messages between the care team and a client (docs/product/messages.md#calls).

/** The longest message, in characters. */
export const MESSAGE_MAX_LENGTH = 2000;
/** How long after sending its sender may remove a message. */
export const MESSAGE_REMOVE_WINDOW_MS = 5 * 60 * 1000;
/** Page size of a conversation, and its largest. */
export const MESSAGES_PAGE = { default: 30, max: 100 } as const;

export const MESSAGE_TEXTS = {
  empty: /*i18n*/ 'Write a message, or add a photo or video.',
  tooLate: /*i18n*/ 'A message can be removed only in the 5 minutes after it was sent.',
  notYours: /*i18n*/ 'Only its sender can remove a message.',
  off: /*i18n*/ 'Messages are turned off for this clinic.',
  tie: /*i18n*/ 'Choose one of this client\u2019s programs and one of its exercises.',
  staff: /*i18n*/ 'Staff do not read messages.',
  carer: /*i18n*/ 'Only a carer with full access reads messages.',
} as const;

export const ZMessageSender = z.object({ id: z.number().nullable(), name: z.string(), role: z.string() });

export const ZMessage = z.object({
  id: z.number(),
  sender: ZMessageSender,
  text: z.string(),
  image_url: z.string().nullable(),
  video_url: z.string().nullable(),
  program_id: z.number().nullable(),
  exercise_id: z.number().nullable(),
  day: z.string().nullable(),
  created_at: z.string(),
  deleted: z.boolean(),
});
export type TMessage = z.infer<typeof ZMessage>;

/** GET /clients/{client_id}/messages/: newest first; `next` is the `before` of the next (older) page, or null. */
export const ZMessagePage = z.object({ results: z.array(ZMessage), next: z.number().nullable() });
export type TMessagePage = z.infer<typeof ZMessagePage>;

export const ZMessagesQuery = z.object({
  before: ZId.optional(),
  limit: z.coerce
    .number({ error: /*i18n*/ 'Ask for 1 to 100 messages.' })
    .int(/*i18n*/ 'Ask for 1 to 100 messages.')
    .min(1, /*i18n*/ 'Ask for 1 to 100 messages.')
    .max(MESSAGES_PAGE.max, /*i18n*/ 'Ask for 1 to 100 messages.')
    .default(MESSAGES_PAGE.default),
});

const ZMessageText = ZText.trim().max(MESSAGE_MAX_LENGTH, VALIDATION_TEXTS.tooLong).default('');
const noText = { path: ['text'], message: MESSAGE_TEXTS.empty };

/** POST /clients/{client_id}/messages/ (JSON): the text, and optionally the day's exercise it is about. */
export const ZSendMessage = z
  .object({
    text: ZMessageText,
    program_id: ZId.nullish(),
    exercise_id: ZId.nullish(),
    day: ZIsoDate.nullish(),
  })
  .refine((m) => m.text.length > 0, noText);
export type TSendMessage = z.input<typeof ZSendMessage>;

/**
 * POST /clients/{client_id}/messages/ (multipart): the same fields as text (blank counts as left out) beside at most
 * one file part, `image` (a photo) or `video`. `has_file` says whether a file came (the server sets it from the
 * parts it read): with one, the text may be empty.
 */
export const ZSendMessageForm = z
  .object({
    text: ZMessageText,
    program_id: optionalField(ZId),
    exercise_id: optionalField(ZId),
    day: optionalField(ZIsoDate),
    has_file: ZFormBoolean.default(false),
  })
  .refine((m) => m.text.length > 0 || m.has_file, noText);
export type TSendMessageForm = z.input<typeof ZSendMessageForm>;

/** POST /clients/{client_id}/messages/read/: everything up to this message id has been read. */
export const ZReadMessages = z.object({ up_to: ZId });

/** GET /messages/unread/: the caller's unread messages, in all and by conversation. */
export const ZUnreadMessages = z.object({
  total: z.number(),
  by_client: z.array(z.object({ client_id: z.number(), count: z.number() })),
});
export type TUnreadMessages = z.infer<typeof ZUnreadMessages>;
