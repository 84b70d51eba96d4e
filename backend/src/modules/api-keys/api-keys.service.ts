import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  API_KEY_CLIENT_MAX_LENGTH,
  API_KEY_PATTERN,
  API_KEY_SCOPES,
  API_KEY_SHOWN_LENGTH,
  API_KEYS_MAX,
  type ApiKeyList,
  apiKeyMode,
  type ApiKeyScope,
  type ApiKeySummary,
  type CreateApiKey,
  type CreatedApiKey,
} from '@rafter/domain/api-keys';
import { createHash, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { PlanAccessService } from '../plans/plan-access.service';
import { ApiKeysException } from './api-keys.exception';
import { type ApiKeyRow, ApiKeysRepository } from './api-keys.repository';

/** Who calls the public API: the key's contractor, the key and what it may do. */
export interface ApiCaller {
  ownerId: string;
  keyId: string;
  scopes: readonly ApiKeyScope[];
}

/** SHA-256 of the whole key, hex: the key has 256 random bits, so a fast hash is enough. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function toSummary(row: ApiKeyRow): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: API_KEY_SCOPES.filter((scope) => row.scopes.includes(scope)),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedBy: row.lastUsedBy,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Public API keys: created from the dashboard (Smart and up), shown in full once, stored as
 * their SHA-256, revoked at once. Every public API request looks its key up in PostgreSQL, so a
 * revocation is seen by every api instance on the next request, with no cache to invalidate.
 */
@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);

  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly plans: PlanAccessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(ownerId: string, input: CreateApiKey): Promise<CreatedApiKey> {
    await this.plans.assertFeature(ownerId, 'api');
    const mode = apiKeyMode({
      production: this.config.isProduction,
      billingTestMode: this.config.billingTestMode,
    });
    const key = `rft_${mode}_${randomBytes(32).toString('base64url')}`;
    const row = await this.repository.create(
      {
        ownerId,
        name: input.name,
        prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
        secretHash: hashApiKey(key),
        scopes: [...input.scopes],
      },
      API_KEYS_MAX,
    );
    if (!row) throw new ApiKeysException('api_key_limit');
    this.logger.log({ ownerId, keyId: row.id, scopes: input.scopes }, 'API key created');
    return { ...toSummary(row), key };
  }

  async list(ownerId: string): Promise<ApiKeyList> {
    return { items: (await this.repository.list(ownerId)).map(toSummary) };
  }

  async revoke(ownerId: string, id: string, now = new Date()): Promise<ApiKeySummary> {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await this.repository.revoke(ownerId, id, now) : null;
    if (!row) throw new ApiKeysException('api_key_not_found');
    this.logger.log({ ownerId, keyId: id }, 'API key revoked');
    return toSummary(row);
  }

  /**
   * The caller behind a presented key, or 401. A key whose contractor's plan no longer includes
   * the API (a downgrade below Smart, a lapsed subscription) is refused with 403
   * 'upgrade_required' until the plan allows it again.
   */
  async authenticate(
    key: string,
    userAgent: string | undefined,
    now = new Date(),
  ): Promise<ApiCaller> {
    if (!API_KEY_PATTERN.test(key)) throw new ApiKeysException('api_key_invalid');
    const row = await this.repository.findActiveByHash(hashApiKey(key));
    if (!row) throw new ApiKeysException('api_key_invalid');
    await this.plans.assertFeature(row.ownerId, 'api', now);
    const client = userAgent ? userAgent.slice(0, API_KEY_CLIENT_MAX_LENGTH) : null;
    await this.repository.touch(row.id, client, now);
    return {
      ownerId: row.ownerId,
      keyId: row.id,
      scopes: API_KEY_SCOPES.filter((scope) => row.scopes.includes(scope)),
    };
  }
}
