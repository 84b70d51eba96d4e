import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type BusinessProfileView,
  DEFAULT_BUSINESS_PROFILE,
  LOGO_MAX_BYTES,
} from '@rafter/domain/settings';
import { FILE_STORAGE, type FileStorage } from '../../core/storage/file-storage';
import { PlanAccessService } from '../plans/plan-access.service';
import { LOGO_FORMATS, reencodeLogo, sniffLogoFormat } from './logo-image';
import { type UpdateBusinessProfileDto } from './profiles.dto';
import { ProfilesException } from './profiles.exception';
import { ProfilesRepository } from './profiles.repository';

/** The contractor's business profile and logo (dashboard 'Business Profile' tab). */
@Injectable()
export class ProfilesService {
  private readonly logger = new Logger(ProfilesService.name);

  constructor(
    private readonly repository: ProfilesRepository,
    private readonly planAccess: PlanAccessService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  async get(userId: string): Promise<BusinessProfileView> {
    return (await this.repository.find(userId)) ?? { ...DEFAULT_BUSINESS_PROFILE };
  }

  update(userId: string, profile: UpdateBusinessProfileDto): Promise<BusinessProfileView> {
    return this.repository.upsert(userId, {
      businessName: profile.businessName,
      address: profile.address,
      areasOfService: profile.areasOfService,
      idealCustomerProfile: profile.idealCustomerProfile,
      idealCustomerValue: profile.idealCustomerValue,
      leadsPerDay: profile.leadsPerDay,
      leadType: profile.leadType,
      notifyNewLeads: profile.notifyNewLeads,
      newLeadReminderMinutes: profile.newLeadReminderMinutes,
      timezone: profile.timezone,
    });
  }

  /**
   * Checks the plan before the upload is read, re-encodes the image, stores it under a new name,
   * saves its URL, and only then removes the old file, so a failure never leaves no logo.
   */
  async uploadLogo(
    userId: string,
    readUpload: () => Promise<Buffer | null>,
  ): Promise<{ logoUrl: string }> {
    await this.planAccess.assertFeature(userId, 'logo');
    const bytes = await readUpload();
    if (!bytes || bytes.length === 0) throw new ProfilesException('logo_not_image');
    if (bytes.length > LOGO_MAX_BYTES) throw new ProfilesException('logo_too_large');
    const format = sniffLogoFormat(bytes);
    const image = format && (await reencodeLogo(bytes, format));
    if (!format || !image) throw new ProfilesException('logo_not_image');

    const { extension, contentType } = LOGO_FORMATS[format];
    // Two uploads in the same millisecond must not share a file.
    const key = `${userId}/logo-${Date.now()}-${randomBytes(4).toString('hex')}.${extension}`;
    await this.storage.put(key, image, contentType);
    const logoUrl = this.storage.publicUrl(key);
    let previous: string | null;
    try {
      previous = await this.repository.replaceLogo(userId, logoUrl);
    } catch (error) {
      await this.storage.remove(key);
      throw error;
    }
    await this.removeStoredFile(previous);
    return { logoUrl };
  }

  async removeLogo(userId: string): Promise<void> {
    await this.removeStoredFile(await this.repository.replaceLogo(userId, null));
  }

  /** The logo is already unlinked from the profile, so a failed delete only leaves an orphan. */
  private async removeStoredFile(url: string | null): Promise<void> {
    const key = url && this.storage.keyFromUrl(url);
    if (!key) return;
    try {
      await this.storage.remove(key);
    } catch (error) {
      this.logger.warn({ err: error, key }, 'Could not remove a replaced logo');
    }
  }
}
