import type { SessionsService } from '../sessions.service';
import type { UserRecord, UsersRepository } from '../users.repository';
import { GoogleAuthService, type GoogleIdentity, GoogleSignInRefused } from './google-auth.service';

function user(id: string, email: string, googleSubject: string | null = null): UserRecord {
  return {
    id,
    email,
    fullName: null,
    passwordHash: 'hash',
    emailVerifiedAt: null,
    googleSubject,
    failedSignInCount: 0,
    lastFailedSignInAt: null,
    createdAt: new Date(),
  };
}

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
    linkGoogle: jest.fn(async (id: string, sub: string) => {
      const row = rows.find((candidate) => candidate.id === id)!;
      row.googleSubject = sub;
      return row;
    }),
    createGoogleUser: jest.fn(
      async (data: { email: string; fullName: string | null; googleSubject: string }) => {
        const row = { ...user(`new-${rows.length}`, data.email, data.googleSubject), ...data };
        rows.push(row);
        return row;
      },
    ),
  };
  const service = new GoogleAuthService(
    repository as unknown as UsersRepository,
    {} as SessionsService,
  );
  return { service, repository, rows };
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
    await expect(service.resolveUser(identity({ emailVerified: false }))).resolves.toBe('u1');
    expect(repository.linkGoogle).not.toHaveBeenCalled();
    expect(repository.createGoogleUser).not.toHaveBeenCalled();
  });

  it('links the account with the same verified e-mail', async () => {
    const { service, repository } = usersWith([user('u1', 'pat@example.com')]);
    await expect(service.resolveUser(identity())).resolves.toBe('u1');
    expect(repository.linkGoogle).toHaveBeenCalledWith('u1', 'sub-1');
    expect(repository.createGoogleUser).not.toHaveBeenCalled();
  });

  it('creates a confirmed account from the profile otherwise', async () => {
    const { service, repository } = usersWith([]);
    await expect(service.resolveUser(identity())).resolves.toBe('new-0');
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
    expect(repository.createGoogleUser).not.toHaveBeenCalled();
  });

  it('takes the account a simultaneous first sign-in created', async () => {
    const { service, repository, rows } = usersWith([]);
    repository.createGoogleUser.mockImplementationOnce(async () => {
      rows.push(user('raced', 'pat@example.com', 'sub-1'));
      throw new Error('Unique constraint failed on the fields: (`google_subject`)');
    });
    await expect(service.resolveUser(identity())).resolves.toBe('raced');
  });

  it('passes on a failure to create the account that no race explains', async () => {
    const { service, repository } = usersWith([]);
    repository.createGoogleUser.mockRejectedValueOnce(new Error('database down'));
    await expect(service.resolveUser(identity())).rejects.toThrow('database down');
  });
});
