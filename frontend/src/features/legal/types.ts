import type { ReactNode } from 'react';

export interface LegalSection {
  /** Fragment id, so a section can be linked to (for example /terms#refunds). */
  id: string;
  title: string;
  content: ReactNode;
}

export interface LegalDocumentContent {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}
