/** Finding demo catalog records in API tests. */
import { call, type TestServer } from './server';

/** The asset of this name in the project of this file prefix (as the coordinator reads it). */
export async function assetNamed(server: Pick<TestServer, 'url'>, projectPrefix: string, name: string) {
  const projects = await call(server, 'GET', '/api/projects', { headers: { 'X-Range': 'resources=0-99' } });
  const project = projects.body.find((p: { filePrefix: string }) => p.filePrefix === projectPrefix);
  const assets = await call(server, 'GET', `/api/assets/countByProject?project=${project._id}`, {
    headers: { 'X-Range': 'resources=0-99' },
  });
  return assets.body.find((a: { name: string }) => a.name === name);
}
