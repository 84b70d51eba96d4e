import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type FollowUpSequence,
  type FollowUpStep,
  followUpsContinue,
  followUpStepName,
} from '@rafter/domain/follow-ups';
import { LEAD_STATUS_LABELS } from '@rafter/domain/lead';
import { canUseFeature } from '@rafter/domain/plans';
import { APP_CONFIG, type AppConfig } from '../../config/config';
import { PlanAccessService } from '../plans/plan-access.service';
import { FollowUpChannels, type StepResult } from './follow-up-channels';
import { type FollowUpLead, FollowUpsRepository } from './follow-ups.repository';
import { NewLeadRemindersService, type ReminderOutcome } from './new-lead-reminders.service';

export type ScheduleOutcome =
  'scheduled' | 'lead-not-found' | 'follow-ups-off' | 'not-on-plan' | 'not-followed-up';

export type StepOutcome =
  | 'sent'
  | 'skipped'
  | 'deferred'
  | 'stopped'
  | 'lead-not-found'
  | 'already-done'
  | 'being-done'
  | 'stopped-before'
  | 'no-such-step';

/**
 * Each contractor's follow-up sequence and its run for each lead (docs/followups.md). A lead's
 * first step is scheduled when it is captured, each next one when a step is done; every step is
 * an outbox event due at its time, handled under the lead's row lock and recorded once
 * (lead_follow_ups, unique per lead and step), so a step delivered twice is done once.
 */
@Injectable()
export class FollowUpsService {
  private readonly logger = new Logger(FollowUpsService.name);

  constructor(
    private readonly repository: FollowUpsRepository,
    private readonly channels: FollowUpChannels,
    private readonly reminders: NewLeadRemindersService,
    private readonly planAccess: PlanAccessService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  sequence(ownerId: string): Promise<FollowUpSequence> {
    return this.repository.findSequence(ownerId);
  }

  /** Saves the sequence (Smart and Instant; 403 'upgrade_required' below). */
  async saveSequence(ownerId: string, sequence: FollowUpSequence): Promise<FollowUpSequence> {
    await this.planAccess.assertFeature(ownerId, 'followups');
    await this.repository.saveSequence(ownerId, sequence);
    return this.repository.findSequence(ownerId);
  }

  /**
   * On `lead.captured`: the first step's event, due its days after the request, and the
   * contractor's still-New reminder.
   */
  async onCaptured(
    leadId: string,
    now = new Date(),
  ): Promise<{ followUps: ScheduleOutcome; reminder: ReminderOutcome | 'lead-not-found' }> {
    const lead = await this.repository.find(leadId);
    if (!lead) return { followUps: 'lead-not-found', reminder: 'lead-not-found' };
    const [followUps, reminder] = await Promise.all([
      this.schedule(lead, now),
      this.reminders.schedule(lead, now),
    ]);
    return { followUps, reminder };
  }

  private async schedule(lead: FollowUpLead, now: Date): Promise<ScheduleOutcome> {
    const { sequence } = lead;
    if (!sequence.enabled || sequence.steps.length === 0) return 'follow-ups-off';
    if (!canUseFeature(lead.subscription, 'followups', now)) return 'not-on-plan';
    if (lead.hidden || !followUpsContinue(lead.status, sequence)) return 'not-followed-up';
    await this.repository.schedule(lead, 0, this.dueAt(lead, sequence.steps[0]!, now));
    return 'scheduled';
  }

  /**
   * On `follow-up.step-due` (job `jobId`): sends the step, or records why not, then writes the
   * next step's event. The step is claimed first (lead_follow_ups, unique per lead and step), so
   * a step delivered twice is done once; nothing is held open while a message is sent.
   */
  async runStep(
    leadId: string,
    step: number,
    jobId: string,
    now = new Date(),
  ): Promise<StepOutcome> {
    const lead = await this.repository.find(leadId);
    if (!lead) return 'lead-not-found';
    if (lead.done.includes(step)) return 'already-done';
    if (lead.stopped) return 'stopped-before';
    const current = lead.sequence.steps[step];
    // The contractor shortened the sequence since this step was scheduled.
    if (!current) return 'no-such-step';
    const claim = await this.repository.claimStep(lead, step, jobId);
    if (claim === 'done') return 'already-done';
    if (claim === 'busy') return 'being-done';
    try {
      return await this.runClaimed(lead, step, current, jobId, now);
    } catch (error) {
      await this.repository.release(lead.id, step, jobId);
      throw error;
    }
  }

  private async runClaimed(
    lead: FollowUpLead,
    step: number,
    current: FollowUpStep,
    jobId: string,
    now: Date,
  ): Promise<StepOutcome> {
    const stop = this.stopReason(lead, now) ?? lead.optedOut;
    if (stop) {
      await this.repository.finish(
        lead,
        jobId,
        {
          step,
          outcome: 'stopped',
          reason: stop,
          timeline: { type: 'follow_ups_stopped', detail: `Follow-ups stopped: ${stop}` },
        },
        null,
      );
      this.logger.log({ leadId: lead.id, step, reason: stop }, 'Follow-ups stopped');
      return 'stopped';
    }

    const result: StepResult = await this.channels.send(lead, step, current, now);
    if (result.kind === 'deferred') {
      await this.repository.postpone(lead, step, jobId, result.retryAt);
      return 'deferred';
    }
    const name = followUpStepName(current);
    const next = lead.sequence.steps[step + 1];
    await this.repository.finish(
      lead,
      jobId,
      {
        step,
        outcome: result.kind,
        ...(result.kind === 'sent'
          ? {
              messageId: result.messageId,
              timeline: { type: 'follow_up_sent', detail: `${name} sent: ${result.summary}` },
            }
          : {
              reason: result.reason,
              timeline: { type: 'follow_up_skipped', detail: `${name} not sent: ${result.reason}` },
            }),
      },
      next ? { step: step + 1, dueAt: this.dueAt(lead, next, now) } : null,
    );
    this.logger.log({ leadId: lead.id, step, outcome: result.kind }, 'Follow-up step done');
    return result.kind;
  }

  /** Why the sequence ends here for this lead, or null when it goes on. */
  private stopReason(lead: FollowUpLead, now: Date): string | null {
    if (!lead.sequence.enabled) return 'the contractor turned follow-ups off';
    if (!canUseFeature(lead.subscription, 'followups', now)) {
      return 'the plan no longer includes follow-ups';
    }
    if (lead.hidden) return 'the lead is locked or flagged as spam';
    if (!followUpsContinue(lead.status, lead.sequence)) {
      return `the lead is ${LEAD_STATUS_LABELS[lead.status]}`;
    }
    return null;
  }

  /** Its days after the request; never in the past (a step added later goes at once). */
  private dueAt(lead: FollowUpLead, step: FollowUpStep, now: Date): Date {
    const due = lead.createdAt.getTime() + step.delayDays * this.config.FOLLOW_UP_DAY_MS;
    return new Date(Math.max(due, now.getTime()));
  }
}
