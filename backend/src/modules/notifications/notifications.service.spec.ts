import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { MailDeliveryError } from '../../core/mailer/mail-message';
import type { MailerService } from '../../core/mailer/mailer.service';
import type {
  LeadForNotification,
  NotificationClaim,
  NotificationsRepository,
} from './notifications.repository';
import { NotificationsService } from './notifications.service';

const LEAD_ID = '6f1f4c1e-8a4b-4f8e-9d55-0c9a4f6f7a10';
const JOB_ID = 'outbox-1';

function lead(): LeadForNotification {
  return {
    id: LEAD_ID,
    firstName: 'Maria',
    lastName: 'Garcia',
    email: 'maria@homes.example',
    phone: '512 555 0142',
    address: '1 Main St',
    zipCode: '78701',
    material: 'asphalt',
    stories: 'two',
    roofArea: 2000,
    estimateLow: 6800,
    estimateMid: 9350,
    estimateHigh: 11_900,
    score: 60,
    locked: false,
    lockedReason: null,
    owner: { email: 'pat@roofers.example', fullName: 'Pat', businessName: 'Sunny' },
  };
}

function setup(claim: NotificationClaim) {
  const repository = {
    claimForNotification: jest.fn().mockResolvedValue(claim),
    markNotified: jest.fn().mockResolvedValue(undefined),
    releaseLeadNotification: jest.fn().mockResolvedValue(undefined),
  };
  const mailer = { send: jest.fn().mockResolvedValue({ messageId: 'm-1' }) };
  const service = new NotificationsService(
    repository as unknown as NotificationsRepository,
    mailer as unknown as MailerService,
    { PUBLIC_URL: 'https://rafter.example' } as AppConfig,
  );
  return { service, repository, mailer };
}

describe('NotificationsService.notifyNewLead', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('claims the lead, then sends the e-mail to its owner', async () => {
    const { service, repository, mailer } = setup({ outcome: 'claimed', lead: lead() });
    await expect(service.notifyNewLead(LEAD_ID, JOB_ID)).resolves.toBe('sent');
    expect(repository.claimForNotification).toHaveBeenCalledWith(LEAD_ID, JOB_ID);
    expect(mailer.send).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'pat@roofers.example', template: 'new-lead' }),
    );
    expect(repository.claimForNotification.mock.invocationCallOrder[0]).toBeLessThan(
      mailer.send.mock.invocationCallOrder[0]!,
    );
    expect(mailer.send.mock.invocationCallOrder[0]).toBeLessThan(
      repository.markNotified.mock.invocationCallOrder[0]!,
    );
    expect(mailer.send.mock.calls[0]![0].messageId).toBe(`<new-lead.${LEAD_ID}@rafter.example>`);
  });

  it.each([
    ['the lead is gone', 'lead-not-found'],
    ['the owner turned notifications off', 'notifications-off'],
    ['another job already claimed the lead', 'already-notified'],
  ] as const)('sends nothing when %s', async (_case, outcome) => {
    const { service, mailer, repository } = setup({ outcome });
    await expect(service.notifyNewLead(LEAD_ID, JOB_ID)).resolves.toBe(outcome);
    expect(mailer.send).not.toHaveBeenCalled();
    expect(repository.releaseLeadNotification).not.toHaveBeenCalled();
  });

  it('gives the claim back and rethrows when sending fails, so a retry can send', async () => {
    const { service, mailer, repository } = setup({ outcome: 'claimed', lead: lead() });
    const failure = new MailDeliveryError('EMESSAGE', 451);
    mailer.send.mockRejectedValue(failure);
    await expect(service.notifyNewLead(LEAD_ID, JOB_ID)).rejects.toBe(failure);
    expect(repository.releaseLeadNotification).toHaveBeenCalledWith(LEAD_ID, JOB_ID);
    expect(repository.markNotified).not.toHaveBeenCalled();
  });
});
