import { FeatureMatrixRequest } from '../../src/api/admin.js';
import { featureMatrix } from '../domain/feature-matrix.js';
import { readBody } from '../http/body.js';
import type { App } from './deps.js';

/** `GET /feature_matrix`: no key, as upstream's (NoAuth); an optional JSON body names the connectors. */
export function featureMatrixRoutes(app: App): void {
  app.get('/feature_matrix', async (c) => {
    const request = await readBody(c, FeatureMatrixRequest, { allowEmpty: true });
    return c.json(featureMatrix(request.connectors ?? null));
  });
}
