import { Injectable } from '@nestjs/common';
import { type EventPayload } from '@rafter/domain/events';
import { type EventContext, OnEvent } from '../../../core/events/on-event.decorator';
import { FollowUpsService } from '../follow-ups.service';
import { NewLeadRemindersService } from '../new-lead-reminders.service';

/**
 * A new lead's first follow-up step and still-New reminder (`lead.captured`), each step when due
 * and the reminder when due.
 */
@Injectable()
export class FollowUpStepsJob {
  constructor(
    private readonly followUps: FollowUpsService,
    private readonly reminders: NewLeadRemindersService,
  ) {}

  @OnEvent('lead.captured')
  schedule({
    leadId,
  }: EventPayload<'lead.captured'>): Promise<{ followUps: string; reminder: string }> {
    return this.followUps.onCaptured(leadId);
  }

  @OnEvent('lead.reminder-due')
  async remind({ leadId }: EventPayload<'lead.reminder-due'>): Promise<{ outcome: string }> {
    return { outcome: await this.reminders.remind(leadId) };
  }

  @OnEvent('follow-up.step-due')
  async run(
    { leadId, step }: EventPayload<'follow-up.step-due'>,
    { id }: EventContext,
  ): Promise<{ outcome: string }> {
    return { outcome: await this.followUps.runStep(leadId, step, id) };
  }
}
