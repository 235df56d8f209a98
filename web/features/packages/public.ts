/**
 * What other features may use of the packages feature (the only place they import from it;
 * .dependency-cruiser.cjs enforces it): checkout sells one package and shows it as the catalogue
 * does.
 */
export { type ClassPackage, usePackage } from "./api";
export { PackageFacts, PackagePrice } from "./components/package-card";
export { periodLength } from "./copy";
