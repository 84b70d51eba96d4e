import { type SenderRow } from './followups.repository';

/** How homeowners know the contractor: the business name, else the owner's, else a description. */
export function senderName(sender: Pick<SenderRow, 'businessName' | 'ownerName'>): string {
  return sender.businessName?.trim() || sender.ownerName?.trim() || 'Your roofing contractor';
}
