import { ownerFeedbackExportSchema } from '../account-deletion';
import { feedbackSendRequestSchema, feedbackSendResponseSchema } from '../api';
import { endpoint } from './endpoint';
import { messagesDeletedSchema, noticeRequestSchema, noticeResponseSchema } from './internal-schemas';
export const send = /*#__PURE__*/ endpoint({
  service: 'feedback',
  method: 'POST',
  path: '/feedback/send',
  access: 'owner',
  summary: "An owner's message to the Sniff team (sent by e-mail)",
  body: feedbackSendRequestSchema,
  response: feedbackSendResponseSchema,
});

export const ownerMessages = /*#__PURE__*/ endpoint({
  service: 'feedback',
  method: 'GET',
  path: '/internal/owners/:sub',
  access: 'internal',
  summary: "An owner's messages for the account export",
  response: ownerFeedbackExportSchema,
});

export const deleteOwnerMessages = /*#__PURE__*/ endpoint({
  service: 'feedback',
  method: 'DELETE',
  path: '/internal/owners/:sub',
  access: 'internal',
  summary: "Removes an owner's messages and the notices mailed to them (account deletion)",
  response: messagesDeletedSchema,
});

export const sendNotice = /*#__PURE__*/ endpoint({
  service: 'feedback',
  method: 'POST',
  path: '/internal/notices',
  access: 'internal',
  summary: 'Mails a notice to an owner once per key (stored first, retried while the mail server is down)',
  body: noticeRequestSchema,
  response: noticeResponseSchema,
});
