// The partner page's boot, apart from the kit's index so a site's server can import the site's
// declaration without the page's stylesheets.
export { startPartner, type PartnerPageParts } from './start-partner.tsx';
