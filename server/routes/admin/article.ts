// Until admin/project.ts imports requireOwnUpload from ./own-upload.js: the article routes are in ./article/.
export { requireOwnUpload } from './own-upload.js';
