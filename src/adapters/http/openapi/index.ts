/** The APIs the document publishes: the route tables themselves (`../routes/`). */
export { ADMIN_API, EXTERNAL_API } from '../routes/index.js';
