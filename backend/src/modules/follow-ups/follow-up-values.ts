import { formatEstimateRange } from '@rafter/domain/estimate';
import { type FollowUpValues } from '@rafter/domain/follow-ups';
import { materialLabel } from '@rafter/domain/materials';
import { type FollowUpLead } from './follow-ups.repository';

/** The merge fields' values for a lead. */
export function followUpValues(lead: FollowUpLead, contractorPhone: string | null): FollowUpValues {
  return {
    firstName: lead.firstName.trim() || 'there',
    estimate: formatEstimateRange({ low: lead.estimateLow, high: lead.estimateHigh }),
    material: materialLabel(lead.material),
    contractorName: lead.owner.businessName?.trim() || lead.owner.fullName?.trim() || 'Your roofer',
    contractorPhone: contractorPhone ?? lead.owner.email,
  };
}
