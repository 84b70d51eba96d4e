import { useLocation, useParams } from 'react-router';
import { ShareCalculatorPage } from './ShareCalculatorPage';

/**
 * /calc/:slug reached inside the app. Loaded directly, the page has an entry of its own without
 * the router (share.html, src/share-main.tsx): see ShareCalculatorPage.
 */
export default function SharePage() {
  const slug = (useParams().slug ?? '').trim();
  const { search } = useLocation();
  return <ShareCalculatorPage slug={slug} search={search} />;
}
