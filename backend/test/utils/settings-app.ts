import { type PlanId } from '@rafter/domain/plans';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrismaService } from '../../src/core/database/prisma.service';
import { SessionsService } from '../../src/modules/auth/sessions.service';
import { createAccount } from '../factories/account.factory';
import { createTestApp, type TestApp } from './create-app';

export const SETTINGS_PUBLIC_URL = 'https://rafter.test';

export interface SettingsTestApp extends TestApp {
  prisma: PrismaService;
  /** Local uploads land in <dataDir>/uploads. */
  dataDir: string;
  /** A confirmed account with an active subscription on `plan` (none when null) and a token. */
  contractor(plan: PlanId | null): Promise<{ id: string; token: string }>;
  call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    token: string | null,
    payload?: object,
  ): ReturnType<TestApp['app']['inject']>;
}

/** The api with local-disk uploads in a temporary DATA_DIR of its own. */
export async function createSettingsTestApp(): Promise<SettingsTestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'rafter-settings-'));
  const t = await createTestApp({ DATA_DIR: dataDir, PUBLIC_URL: SETTINGS_PUBLIC_URL });
  const prisma = t.app.get(PrismaService);
  const sessions = t.app.get(SessionsService);
  return {
    ...t,
    prisma,
    dataDir,
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
    contractor: async (plan) => {
      const account = await createAccount(prisma);
      if (plan) {
        await prisma.subscription.create({
          data: { userId: account.id, plan, status: 'active', currentPeriodEnd: null },
        });
      }
      const { session } = await sessions.issue(account.id, {});
      return { id: account.id, token: session.accessToken };
    },
    call: (method, url, token, payload) =>
      t.app.inject({
        method,
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload,
      }),
  };
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export async function multipartBody(
  bytes: Buffer,
  fileName: string,
  contentType: string,
  field = 'logo',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type: contentType }), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
