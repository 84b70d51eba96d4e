import { Injectable } from '@nestjs/common';
import { DEFAULT_FOLLOWUP_SETTINGS, type FollowupSettingsView } from '@rafter/domain/followups';
import { PlanAccessService } from '../plans/plan-access.service';
import { type FollowupSettingsDto } from './followups.dto';
import { FollowupsRepository } from './followups.repository';

/** The contractor's follow-up settings. */
@Injectable()
export class FollowupsService {
  constructor(
    private readonly repository: FollowupsRepository,
    private readonly plans: PlanAccessService,
  ) {}

  /** Readable on any plan, so the dashboard can show what an upgrade would switch on. */
  async settings(userId: string): Promise<FollowupSettingsView> {
    return (await this.repository.settings(userId)) ?? { ...DEFAULT_FOLLOWUP_SETTINGS };
  }

  /** Saved only on a plan with follow-ups (403 below it). */
  async saveSettings(userId: string, input: FollowupSettingsDto): Promise<FollowupSettingsView> {
    await this.plans.assertFeature(userId, 'followups');
    return this.repository.saveSettings(userId, {
      estimateEmail: input.estimateEmail,
      phone: input.phone,
    });
  }
}
