/** Catalog (studios, projects, assets, languages, territories): arrives in a later release. */
import { ComingSoon } from '../../../components/ComingSoon';

export function CatalogPage() {
  return <ComingSoon title="Catalog"><p>Browsing and editing studios, projects, assets, languages and territories is being built.</p></ComingSoon>;
}
