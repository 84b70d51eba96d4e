import { describe, expect, it } from 'vitest';
import { EVENTS, isEventTopic, isOutboxTopic, parseEventPayload } from './events';

const id = '8f1e0c55-2b7a-4c3e-9d51-6a4b2f0e9c11';

describe('EVENTS', () => {
  it.each([
    ['lead.captured', true],
    ['lead.reminder-due', true],
    ['follow-up.step-due', true],
    ['lead.spam-flagged', true],
    ['lead.status-changed', true],
    ['lead.note-added', true],
    ['lead.changed', true],
    ['lead.deleted', true],
    ['webhook-endpoint.disabled', true],
    ['main-site-lead.captured', true],
    ['auth.confirmation-requested', true],
    ['auth.password-reset-requested', true],
    ['text.queued', true],
    ['text.welcome-due', true],
    ['text.booking-reminder-due', true],
    ['lead.texts-stopped', true],
    ['booking.created', true],
    ['booking.changed', true],
    ['booking.reminder-due', true],
    ['subscription.changed', false],
  ])('%s is an outbox topic: %s', (topic, outbox) => {
    expect(isEventTopic(topic)).toBe(true);
    expect(isOutboxTopic(topic)).toBe(outbox);
  });

  it('knows no other topic', () => {
    expect(isEventTopic('lead.created')).toBe(false);
    expect(isEventTopic('toString')).toBe(false);
    expect(Object.keys(EVENTS)).toHaveLength(20);
  });

  it('parses a payload and drops unknown keys', () => {
    expect(parseEventPayload('lead.captured', { leadId: id, ownerId: id, extra: 1 })).toEqual({
      leadId: id,
      ownerId: id,
    });
  });

  it.each([
    ['lead.captured', { leadId: id }, 'ownerId'],
    ['main-site-lead.captured', { mainSiteLeadId: 'not-an-id' }, 'mainSiteLeadId'],
    ['subscription.changed', {}, 'userId'],
  ] as const)('refuses %s with %j, naming %s', (topic, payload, field) => {
    expect(() => parseEventPayload(topic, payload)).toThrow(field);
  });
});
