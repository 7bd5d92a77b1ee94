/**
 * 1,000 card registrations: public-key requests counted, and time per item against a
 * fetch-the-key-per-item loop.
 */
import { constants, publicEncrypt } from 'crypto';

import type { SandboxEndpoint } from '../sandbox';
import { timed } from './measure';
import type { BenchmarkResult } from './measure';
import { runNode } from './nodeRuns';
import { plainClient } from './plainClient';

const COUNT = 1000;

export async function benchmarkCardEncryption(sandbox: SandboxEndpoint): Promise<BenchmarkResult> {
	const cards = Array.from({ length: COUNT }, (_, index) => ({ holder: `HOLDER ${index}` }));
	await sandbox.control.reset();
	const node = await timed(
		async () =>
			await runNode(
				sandbox,
				{
					resource: 'card',
					operation: 'register',
					cardNumber: '4111 1111 1111 1111',
					holderName: '={{ $json.holder }}',
					expiry: '12/30',
				},
				cards,
			),
	);
	const keyRequests = await sandbox.control.count('GET /base/get_constants_key_public/');

	await sandbox.control.reset();
	const client = await plainClient(sandbox);
	const perItem = await timed(async () => {
		for (const card of cards) {
			const pem = (await client.get('/base/get_constants_key_public/')).data.data
				.text_long_value as string;
			const encrypt = (text: string) =>
				publicEncrypt(
					{ key: pem, padding: constants.RSA_PKCS1_PADDING },
					Buffer.from(text),
				).toString('base64');
			await client.post('/register_tc/', {
				number_card: encrypt('4111111111111111'),
				name_card: encrypt(card.holder),
				date_expiration: encrypt('12/30'),
			});
		}
	});
	const ratio = node.ms / perItem.ms;
	return {
		name: 'Card encryption',
		measured: `${COUNT} registrations: ${keyRequests} public-key request(s); ${(node.ms / COUNT).toFixed(2)} ms per item through the node vs ${(perItem.ms / COUNT).toFixed(2)} ms in a loop that fetches the key per item`,
		figure: `${keyRequests} key request, ${ratio.toFixed(2)}× the per-item loop's time`,
		target: '1 key request',
		met: keyRequests === 1,
	};
}
