import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import type { MailerService } from '../../core/mailer/mailer.service';
import { EmailLinksService } from '../auth/email-links.service';
import type { EmailTokensRepository } from '../auth/email-tokens.repository';
import { hashToken } from '../auth/tokens';
import { AccountEmailsService } from './account-emails.service';
import type { NotificationsRepository } from './notifications.repository';

const USER_ID = '6f1f4c1e-8a4b-4f8e-9d55-0c9a4f6f7a10';
const now = new Date('2026-11-21T12:00:00.000Z');

function setup(user: { emailVerifiedAt: Date | null } | null) {
  const repository = {
    findUserForAccountEmail: jest
      .fn()
      .mockResolvedValue(user && { email: 'pat@roofers.example', fullName: 'Pat', ...user }),
  };
  const emailTokens = { create: jest.fn().mockResolvedValue(true) };
  const mailer = { send: jest.fn().mockResolvedValue({ messageId: 'm-1' }) };
  const service = new AccountEmailsService(
    repository as unknown as NotificationsRepository,
    new EmailLinksService(emailTokens as unknown as EmailTokensRepository),
    mailer as unknown as MailerService,
    { PUBLIC_URL: 'https://rafter.example' } as AppConfig,
  );
  return { service, emailTokens, mailer };
}

/** The raw token in the sent e-mail's text. */
function sentToken(mailer: { send: jest.Mock }): string {
  return /token=([\w-]+)/.exec(mailer.send.mock.calls[0]![0].text)![1]!;
}

describe('AccountEmailsService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('stores the hash of the token it e-mails, valid for 24 hours', async () => {
    const { service, emailTokens, mailer } = setup({ emailVerifiedAt: null });
    await expect(service.sendConfirmation(USER_ID, now)).resolves.toBe('sent');
    const token = sentToken(mailer);
    expect(emailTokens.create).toHaveBeenCalledWith(
      {
        userId: USER_ID,
        purpose: 'confirm_email',
        tokenHash: hashToken(token),
        expiresAt: new Date('2026-11-22T12:00:00.000Z'),
      },
      { replaceUnused: false, now, onlyIfUnconfirmed: true },
    );
  });

  it('replaces earlier reset links with one valid for 60 minutes', async () => {
    const { service, emailTokens, mailer } = setup({ emailVerifiedAt: now });
    await expect(service.sendPasswordReset(USER_ID, now)).resolves.toBe('sent');
    expect(emailTokens.create).toHaveBeenCalledWith(
      expect.objectContaining({
        purpose: 'reset_password',
        tokenHash: hashToken(sentToken(mailer)),
        expiresAt: new Date('2026-11-21T13:00:00.000Z'),
      }),
      { replaceUnused: true, now },
    );
  });

  it.each([
    ['the user is gone', null, 'user-not-found'],
    ['the e-mail is already confirmed', { emailVerifiedAt: now }, 'already-confirmed'],
  ] as const)('sends no confirmation when %s', async (_case, user, outcome) => {
    const { service, emailTokens, mailer } = setup(user);
    await expect(service.sendConfirmation(USER_ID, now)).resolves.toBe(outcome);
    expect(emailTokens.create).not.toHaveBeenCalled();
    expect(mailer.send).not.toHaveBeenCalled();
  });
});
