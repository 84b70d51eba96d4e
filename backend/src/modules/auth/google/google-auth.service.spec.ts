import { Prisma } from '../../../generated/prisma/client';
import type { EmailTokensRepository } from '../email-tokens.repository';
import type { SessionsRepository } from '../sessions.repository';
import type { SessionsService } from '../sessions.service';
import type { SignInFailuresRepository } from '../sign-in-failures.repository';
import type { UserRecord, UsersRepository } from '../users.repository';
import { GoogleAuthService, type GoogleIdentity, GoogleSignInRefused } from './google-auth.service';

function user(
  id: string,
  email: string,
  googleSubject: string | null = null,
  confirmed = true,
): UserRecord {
  return {
    id,
    email,
    fullName: 'Typed At Sign-up',
    passwordHash: 'hash',
    emailVerifiedAt: confirmed ? new Date() : null,
    googleSubject,
    createdAt: new Date(),
  };
}

const uniqueViolation = () =>
  new Prisma.PrismaClientKnownRequestError('Unique constraint failed', {
    code: 'P2002',
    clientVersion: 'test',
  });

/** An in-memory UsersRepository with just what Google sign-in uses. */
function usersWith(existing: UserRecord[]) {
  const rows = [...existing];
  const repository = {
    findByGoogleSubject: jest.fn(
      async (sub: string) => rows.find((row) => row.googleSubject === sub) ?? null,
    ),
    findByEmail: jest.fn(
      async (email: string) =>
        rows.find((row) => row.email.toLowerCase() === email.toLowerCase()) ?? null,
    ),
    linkGoogle: jest.fn(),
    transaction: jest.fn(async (work: (tx: object) => Promise<unknown>) => work({})),
    takeOverUnconfirmed: jest.fn(
      async (
        _tx: object,
        id: string,
        google: { googleSubject: string; fullName: string | null },
        at: Date,
      ) => {
        const row = rows.find((candidate) => candidate.id === id)!;
        if (row.emailVerifiedAt) return false;
        Object.assign(row, {
          googleSubject: google.googleSubject,
          passwordHash: null,
          emailVerifiedAt: at,
          fullName: google.fullName ?? row.fullName,
        });
        return true;
      },
    ),
    createGoogleUser: jest.fn(
      async (data: { email: string; fullName: string | null; googleSubject: string }) => {
        const row = { ...user(`new-${rows.length}`, data.email, data.googleSubject), ...data };
        rows.push(row);
        return row;
      },
    ),
  };
  const sessions = { revokeAllForUser: jest.fn() };
  const emailTokens = { spendAllOfUser: jest.fn() };
  const failures = { clearAll: jest.fn() };
  const service = new GoogleAuthService(
    repository as unknown as UsersRepository,
    {} as SessionsService,
    sessions as unknown as SessionsRepository,
    emailTokens as unknown as EmailTokensRepository,
    failures as unknown as SignInFailuresRepository,
  );
  return { service, repository, rows, sessions, emailTokens, failures };
}

const identity = (overrides: Partial<GoogleIdentity> = {}): GoogleIdentity => ({
  subject: 'sub-1',
  email: 'Pat@Example.com',
  emailVerified: true,
  fullName: 'Pat Roofer',
  ...overrides,
});

describe('GoogleAuthService.resolveUser', () => {
  it('signs in the account already linked to the Google subject, whatever the e-mail', async () => {
    const { service, repository } = usersWith([user('u1', 'old@example.com', 'sub-1')]);
    await expect(service.resolveUser(identity({ emailVerified: false }))).resolves.toEqual({
      kind: 'signed-in',
      userId: 'u1',
    });
    expect(repository.linkGoogle).not.toHaveBeenCalled();
    expect(repository.createGoogleUser).not.toHaveBeenCalled();
  });

  it('asks the owner of a confirmed account with the same e-mail to sign in first, linking nothing', async () => {
    const { service, repository, rows } = usersWith([user('u1', 'pat@example.com')]);
    await expect(service.resolveUser(identity())).resolves.toEqual({
      kind: 'link-required',
      userId: 'u1',
      googleSubject: 'sub-1',
    });
    expect(repository.linkGoogle).not.toHaveBeenCalled();
    expect(repository.createGoogleUser).not.toHaveBeenCalled();
    expect(rows[0]).toMatchObject({ googleSubject: null, passwordHash: 'hash' });
  });

  it('asks the same of an account linked to another Google account', async () => {
    const { service } = usersWith([user('u1', 'pat@example.com', 'sub-other')]);
    await expect(service.resolveUser(identity())).resolves.toMatchObject({
      kind: 'link-required',
      userId: 'u1',
    });
  });

  it('takes over an unconfirmed account: no password, sessions and links ended, Google name', async () => {
    const { service, rows, sessions, emailTokens, failures } = usersWith([
      user('u1', 'pat@example.com', null, false),
    ]);
    await expect(service.resolveUser(identity())).resolves.toEqual({
      kind: 'signed-in',
      userId: 'u1',
    });
    expect(rows[0]).toMatchObject({
      googleSubject: 'sub-1',
      passwordHash: null,
      fullName: 'Pat Roofer',
      emailVerifiedAt: expect.any(Date),
    });
    expect(sessions.revokeAllForUser).toHaveBeenCalledWith({}, 'u1', expect.any(Date));
    expect(emailTokens.spendAllOfUser).toHaveBeenCalledWith({}, 'u1', expect.any(Date));
    expect(failures.clearAll).toHaveBeenCalledWith({}, 'u1');
  });

  it('asks for the password instead when the account was confirmed meanwhile', async () => {
    const { service, repository, sessions } = usersWith([
      user('u1', 'pat@example.com', null, false),
    ]);
    repository.takeOverUnconfirmed.mockResolvedValueOnce(false);
    await expect(service.resolveUser(identity())).resolves.toMatchObject({
      kind: 'link-required',
    });
    expect(sessions.revokeAllForUser).not.toHaveBeenCalled();
  });

  it('creates a confirmed account from the profile otherwise', async () => {
    const { service, repository } = usersWith([]);
    await expect(service.resolveUser(identity())).resolves.toEqual({
      kind: 'signed-in',
      userId: 'new-0',
    });
    expect(repository.createGoogleUser).toHaveBeenCalledWith({
      email: 'pat@example.com',
      fullName: 'Pat Roofer',
      googleSubject: 'sub-1',
    });
  });

  it.each<[string, UserRecord[], Partial<GoogleIdentity>, string]>([
    [
      'an unverified e-mail of an account',
      [user('u1', 'pat@example.com')],
      { emailVerified: false },
      'google_email_unverified',
    ],
    ['an unverified e-mail of no account', [], { emailVerified: false }, 'google_email_unverified'],
    ['no e-mail at all', [], { email: null }, 'google_failed'],
  ])('refuses %s, touching no account', async (_name, existing, overrides, code) => {
    const { service, repository } = usersWith(existing);
    const refusal = service.resolveUser(identity(overrides));
    await expect(refusal).rejects.toBeInstanceOf(GoogleSignInRefused);
    await expect(refusal).rejects.toMatchObject({ code });
    expect(repository.linkGoogle).not.toHaveBeenCalled();
    expect(repository.takeOverUnconfirmed).not.toHaveBeenCalled();
    expect(repository.createGoogleUser).not.toHaveBeenCalled();
  });

  it('takes the account a simultaneous first sign-in created', async () => {
    const { service, repository, rows } = usersWith([]);
    repository.createGoogleUser.mockImplementationOnce(async () => {
      rows.push(user('raced', 'pat@example.com', 'sub-1'));
      throw uniqueViolation();
    });
    await expect(service.resolveUser(identity())).resolves.toEqual({
      kind: 'signed-in',
      userId: 'raced',
    });
  });

  it('passes on a failure to create the account that no race explains', async () => {
    const { service, repository } = usersWith([]);
    repository.createGoogleUser.mockRejectedValueOnce(new Error('database down'));
    await expect(service.resolveUser(identity())).rejects.toThrow('database down');
  });
});
