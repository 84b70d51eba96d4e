import { Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuthException } from './auth.exception';
import type { SessionsRepository, StoredSession } from './sessions.repository';
import { ACCESS_TOKEN_AUDIENCE, SessionsService } from './sessions.service';
import { hashToken } from './tokens';
import type { UserRecord, UsersRepository } from './users.repository';

const USER_ID = '6f1f4c1e-8a4b-4f8e-9d55-0c9a4f6f7a10';
const FAMILY_ID = '0b6f0c9e-3d0a-4a55-9b1e-5b7d0c2f4a11';
const now = new Date('2026-11-21T12:00:00.000Z');

const user: UserRecord = {
  id: USER_ID,
  email: 'pat@roofers.example',
  fullName: 'Pat',
  passwordHash: null,
  emailVerifiedAt: now,
  googleSubject: null,
  createdAt: now,
};

function stored(overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    id: 'a2b5d1e0-1c1f-4c9a-8d1e-3f5b7a9c0d12',
    userId: USER_ID,
    familyId: FAMILY_ID,
    expiresAt: new Date(now.getTime() + 3600_000),
    usedAt: null,
    revokedAt: null,
    familyRevoked: false,
    ...overrides,
  };
}

function setup(session: StoredSession | null, rotated = true) {
  const sessions = {
    create: jest.fn().mockResolvedValue(undefined),
    findByTokenHash: jest.fn().mockResolvedValue(session),
    rotate: jest.fn().mockResolvedValue(rotated),
    revokeFamily: jest.fn().mockResolvedValue(undefined),
    findSessionUser: jest.fn(),
  };
  const users = { findById: jest.fn().mockResolvedValue(user) };
  const jwt = new JwtService({ secret: 'x'.repeat(32) });
  const service = new SessionsService(
    sessions as unknown as SessionsRepository,
    users as unknown as UsersRepository,
    jwt,
  );
  return { service, sessions, jwt };
}

describe('SessionsService', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('issues a JWT with sub, sid and audience, and stores only the refresh token hash', async () => {
    const { service, sessions, jwt } = setup(null);
    const { session, refreshToken } = await service.issue(USER_ID, { ipAddress: '10.0.0.1' });
    const saved = sessions.create.mock.calls[0]![0];
    expect(saved.tokenHash).toBe(hashToken(refreshToken));
    expect(JSON.stringify(saved)).not.toContain(refreshToken);
    const claims = jwt.verify(session.accessToken, { audience: ACCESS_TOKEN_AUDIENCE });
    expect(claims).toMatchObject({ sub: USER_ID, sid: saved.familyId, aud: 'rafter-api' });
    expect(claims.exp - claims.iat).toBe(900);
    expect(session).toMatchObject({ tokenType: 'bearer', expiresIn: 900, expiresAt: claims.exp });
  });

  it('rotates a live token within its family', async () => {
    const { service, sessions } = setup(stored());
    const { refreshToken } = await service.rotate('old-token', {}, now);
    const [currentId, next] = sessions.rotate.mock.calls[0]!;
    expect(currentId).toBe(stored().id);
    expect(next).toMatchObject({ familyId: FAMILY_ID, tokenHash: hashToken(refreshToken) });
    expect(sessions.revokeFamily).not.toHaveBeenCalled();
  });

  it('revokes the family when the token was already spent', async () => {
    const { service, sessions } = setup(stored({ usedAt: now }), false);
    await expect(service.rotate('old-token', {}, now)).rejects.toEqual(
      new AuthException('session_missing'),
    );
    expect(sessions.revokeFamily).toHaveBeenCalledWith(FAMILY_ID, now);
  });

  it.each([
    ['an unknown token', null],
    ['a revoked family', stored({ familyRevoked: true })],
    ['an expired token', stored({ expiresAt: now })],
  ])('refuses %s without rotating', async (_case, session) => {
    const { service, sessions } = setup(session);
    await expect(service.rotate('token', {}, now)).rejects.toBeInstanceOf(AuthException);
    expect(sessions.rotate).not.toHaveBeenCalled();
  });

  it('refuses an access token signed with another key or for another audience', async () => {
    const { service, sessions } = setup(null);
    const other = new JwtService({ secret: 'y'.repeat(32) });
    const claims = { sub: USER_ID, sid: FAMILY_ID };
    for (const token of [
      other.sign(claims, { audience: ACCESS_TOKEN_AUDIENCE }),
      new JwtService({ secret: 'x'.repeat(32) }).sign(claims, { audience: 'elsewhere' }),
    ]) {
      await expect(service.authenticate(token)).rejects.toEqual(
        new AuthException('session_missing'),
      );
    }
    expect(sessions.findSessionUser).not.toHaveBeenCalled();
  });
});
