import { Injectable } from '@nestjs/common';
import { lockUntilCommit } from '../../core/database/advisory-locks';
import { PrismaService } from '../../core/database/prisma.service';

const SUMMARY_SELECT = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  lastUsedBy: true,
  revokedAt: true,
} as const;

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  lastUsedBy: string | null;
  revokedAt: Date | null;
}

export interface ApiKeyOwnerRow {
  id: string;
  ownerId: string;
  scopes: string[];
}

/** Contractors' API keys; every query of the dashboard is scoped by the owner's id. */
@Injectable()
export class ApiKeysRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Adds the key unless the owner holds `max` active ones already (null then). Counted and added
   * under the owner's lock: two requests at once (a double click) cannot both pass the count.
   */
  create(
    data: {
      ownerId: string;
      name: string;
      prefix: string;
      secretHash: string;
      scopes: string[];
    },
    max: number,
  ): Promise<ApiKeyRow | null> {
    return this.prisma.$transaction(async (tx) => {
      await lockUntilCommit(tx, 'apiKeys', data.ownerId);
      const active = await tx.apiKey.count({ where: { ownerId: data.ownerId, revokedAt: null } });
      if (active >= max) return null;
      return tx.apiKey.create({ data, select: SUMMARY_SELECT });
    });
  }

  /** Active keys first, each group newest first. */
  list(ownerId: string): Promise<ApiKeyRow[]> {
    return this.prisma.apiKey.findMany({
      where: { ownerId },
      select: SUMMARY_SELECT,
      orderBy: [{ revokedAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'desc' }],
    });
  }

  /** Sets revokedAt once; null when the owner has no such key. */
  async revoke(ownerId: string, id: string, at: Date): Promise<ApiKeyRow | null> {
    await this.prisma.apiKey.updateMany({
      where: { id, ownerId, revokedAt: null },
      data: { revokedAt: at },
    });
    return this.prisma.apiKey.findFirst({ where: { id, ownerId }, select: SUMMARY_SELECT });
  }

  /** The unrevoked key with this hash (unique index), or null. */
  findActiveByHash(secretHash: string): Promise<ApiKeyOwnerRow | null> {
    return this.prisma.apiKey.findFirst({
      where: { secretHash, revokedAt: null },
      select: { id: true, ownerId: true, scopes: true },
    });
  }

  /**
   * Records a use, at most once a minute per key and client, so a busy integration does not write
   * on every request.
   */
  async touch(id: string, client: string | null, at: Date): Promise<void> {
    await this.prisma.$executeRaw`
      UPDATE api_keys SET last_used_at = ${at}, last_used_by = ${client}
      WHERE id = ${id}::uuid AND (last_used_at IS NULL
        OR last_used_at < ${new Date(at.getTime() - 60_000)}
        OR last_used_by IS DISTINCT FROM ${client})`;
  }
}
