import { App } from '@octokit/app';
import { Octokit } from 'octokit';
import { generateKeyPairSync } from 'node:crypto';
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const app = new App({ appId: 1, privateKey, Octokit });
// prime the token cache by hand is not possible without a server; measure construction via factory path
const t0 = performance.now();
const N = 2000;
for (let i = 0; i < N; i++) {
  new Octokit({ auth: 'x' });
}
console.log('new Octokit ms each', ((performance.now() - t0) / N).toFixed(3));
