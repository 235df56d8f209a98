import { Navigate, useParams } from "react-router";
import { AdminPage } from "../../../components/admin/page-frame";
import { CATALOGUES } from "../catalogues";
import { CataloguePage } from "../components/catalogue-page";
import { catalogueCopy } from "../copy";

/** /admin/catalogo/{slug}: the catalogue screen of that slug; /admin/catalogo opens the first. */
export function CatalogueRoutePage() {
  const { slug } = useParams();
  if (!slug) return <Navigate to="/admin/catalogo/ubicaciones" replace />;
  const def = CATALOGUES[slug];
  if (!def) return <AdminPage title={catalogueCopy.notFound} />;
  // key: a fresh screen (and modal state) per catalogue.
  return <CataloguePage key={def.slug} def={def} />;
}
