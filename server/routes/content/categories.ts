/** Category numbers this module serves (spec §9 and the catalogue). */
export const NEWS = '001017';
export const CAROUSEL = '010';
export const PUBLIC_NOTICES = '008001';
export const CERTIFICATES = '013001';
