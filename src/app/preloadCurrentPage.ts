/**
 * A side effect on purpose: imported first by main.tsx, so it runs before the libraries that main.tsx imports are
 * evaluated (ES modules evaluate in import order), and the page's chunks download meanwhile.
 */
import { landOnHome } from './landOnHome';
import { preloadPage } from './preloadPage';

landOnHome();
preloadPage(new URL(location.href));
