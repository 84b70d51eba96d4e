import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { MailDeliveryError } from '../../core/mailer/mail-message';
import type { MailerService } from '../../core/mailer/mailer.service';
import type { LeadForNotification, NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

const LEAD_ID = '6f1f4c1e-8a4b-4f8e-9d55-0c9a4f6f7a10';

function lead(notifyNewLeads: boolean | null = true): LeadForNotification {
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
    owner: {
      email: 'pat@roofers.example',
      fullName: 'Pat',
      businessProfile: notifyNewLeads === null ? null : { businessName: 'Sunny', notifyNewLeads },
    },
  };
}

function setup(found: LeadForNotification | null, claimed = true) {
  const repository = {
    findLeadForNotification: jest.fn().mockResolvedValue(found),
    claimLeadNotification: jest.fn().mockResolvedValue(claimed),
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
    const { service, repository, mailer } = setup(lead());
    await expect(service.notifyNewLead(LEAD_ID)).resolves.toBe('sent');
    expect(repository.claimLeadNotification).toHaveBeenCalledWith(LEAD_ID);
    expect(mailer.send).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'pat@roofers.example', template: 'new-lead' }),
    );
    expect(repository.claimLeadNotification.mock.invocationCallOrder[0]).toBeLessThan(
      mailer.send.mock.invocationCallOrder[0]!,
    );
  });

  it('notifies an owner who has no business profile yet (on by default)', async () => {
    const { service, mailer } = setup(lead(null));
    await expect(service.notifyNewLead(LEAD_ID)).resolves.toBe('sent');
    expect(mailer.send).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the lead is gone', null, true, 'lead-not-found'],
    ['the owner turned notifications off', lead(false), true, 'notifications-off'],
    ['another job already claimed the lead', lead(), false, 'already-notified'],
  ] as const)('sends nothing when %s', async (_case, found, claimed, outcome) => {
    const { service, mailer, repository } = setup(found, claimed);
    await expect(service.notifyNewLead(LEAD_ID)).resolves.toBe(outcome);
    expect(mailer.send).not.toHaveBeenCalled();
    expect(repository.releaseLeadNotification).not.toHaveBeenCalled();
  });

  it('gives the claim back and rethrows when sending fails, so a retry can send', async () => {
    const { service, mailer, repository } = setup(lead());
    const failure = new MailDeliveryError('EMESSAGE', 451);
    mailer.send.mockRejectedValue(failure);
    await expect(service.notifyNewLead(LEAD_ID)).rejects.toBe(failure);
    expect(repository.releaseLeadNotification).toHaveBeenCalledWith(LEAD_ID);
  });
});
