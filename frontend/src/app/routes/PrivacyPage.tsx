import { LegalDocument } from '../../features/legal/components/LegalDocument';
import { PRIVACY_POLICY } from '../../features/legal/content/privacy-policy';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function PrivacyPage() {
  useDocumentTitle(PRIVACY_POLICY.title);
  return <LegalDocument document={PRIVACY_POLICY} />;
}
