import { LegalDocument } from '../../features/legal/components/LegalDocument';
import { TERMS_OF_SERVICE } from '../../features/legal/content/terms-of-service';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function TermsPage() {
  useDocumentTitle(TERMS_OF_SERVICE.title);
  return <LegalDocument document={TERMS_OF_SERVICE} />;
}
