/**
 * The sandbox of `npm start` keeps its records in a file: after a restart a payment link still
 * opens, a paid payment stays paid, a card registered before still charges (the key pair is kept),
 * and a repeated creation with the same idempotency key still finds the first object.
 */
import { constants, publicEncrypt } from 'crypto';
import { existsSync, mkdtempSync, rmSync, statSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { startSandbox } from '../../sandbox';
import type { Sandbox, SandboxProfile } from '../../sandbox';
import { createPayment, login } from './apiClient';

let folder: string;
beforeEach(() => (folder = mkdtempSync(join(tmpdir(), 'pay-sandbox-state-'))));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const encrypt = (pem: string, text: string) =>
	publicEncrypt({ key: pem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text)).toString(
		'base64',
	);

describe.each<SandboxProfile>(['observed', 'spec'])(
	'a sandbox with a state file (profile %s)',
	(profile) => {
		const restart = async (sandbox: Sandbox, stateFile: string) => {
			await sandbox.close();
			return await startSandbox({ port: 0, profile, stateFile });
		};

		it('finds its payments, balances and cards again after a restart', async () => {
			const stateFile = join(folder, 'sandbox-state.json');
			let sandbox = await startSandbox({ port: 0, profile, stateFile });
			try {
				let demo = await login(sandbox);
				const first = await createPayment(demo, { idempotency_key: 'invoice-77' });
				const open = await createPayment(demo, { description: 'Still open' });
				await sandbox.control.pay(first.url as string);
				const balance = (await sandbox.control.account('demo')).balance;
				const pem = (await demo.call('GET', '/base/get_constants_key_public/')).data.data
					.text_long_value as string;
				const card = await demo.call('POST', '/register_tc/', {
					number_card: encrypt(pem, '4111111111111111'),
					name_card: encrypt(pem, 'ANA PEREZ'),
					date_expiration: encrypt(pem, '12/30'),
					bank: 'Bancolombia',
				});
				expect(card.status).toBe(201);
				expect(existsSync(stateFile)).toBe(true);
				// It holds sandbox keys and test cards: readable by the user only.
				expect(statSync(stateFile).mode & 0o077).toBe(0);

				sandbox = await restart(sandbox, stateFile);
				demo = await login(sandbox);
				expect((await sandbox.control.payment(first.url as string)).state).toBe(3);
				expect((await sandbox.control.account('demo')).balance).toBe(balance);
				const page = await (
					await fetch(`${sandbox.baseUrl}/_sandbox/checkout/${open.url as string}`)
				).text();
				expect(page).toContain('Still open');
				// The same idempotency key is still known: refused, not a second object.
				const again = await demo.call('POST', '/pay/', {
					...paymentFields(),
					idempotency_key: 'invoice-77',
				});
				expect(again.status).toBe(409);
				expect(JSON.stringify(again.data)).toContain('double_idempotency_key');
				// The card registered before decrypts with the kept key pair and can be charged.
				const payment = await createPayment(demo);
				// The registration answers card_id as real clients see it, uuid in the spec's shape; the
				// slug goes as pay_url (real clients) and url (the spec's reading).
				const cardId = card.data.card_id ?? card.data.uuid;
				const charge = await demo.call('POST', '/tc_payment/', {
					tc_id: cardId,
					dues: 1,
					pay_url: payment.url,
					url: payment.url,
					cvv: encrypt(pem, '123'),
				});
				expect(charge.status).toBeLessThan(300);
				expect((await sandbox.control.payment(payment.url as string)).state).toBe(3);
				expect((await sandbox.control.cards())[0]).toMatchObject({
					number: '4111111111111111',
					chargedCvvs: ['123'],
				});
			} finally {
				await sandbox.close();
			}
		});

		it('moves a withdrawal under way on after a restart, as it would have', async () => {
			const stateFile = join(folder, 'sandbox-state.json');
			// Steps too slow to happen before the restart.
			let sandbox = await startSandbox({ port: 0, profile, stateFile, withdrawalStepMs: 60_000 });
			try {
				const demo = await login(sandbox);
				const created = await demo.call('POST', '/withdraw/co/', {
					amount: 20000,
					account_holder_name: 'Demo',
					account_type: 8,
					key_value: '@demo.key',
					description: 'Payout',
				});
				expect(created.status).toBe(201);
				await sandbox.close();
				sandbox = await startSandbox({ port: 0, profile, stateFile, withdrawalStepMs: 20 });
				const deadline = Date.now() + 3000;
				while ((await sandbox.control.withdrawals())[0].state !== 2 && Date.now() < deadline)
					await new Promise((resolve) => setTimeout(resolve, 20));
				expect((await sandbox.control.withdrawals())[0].state).toBe(2);
			} finally {
				await sandbox.close();
			}
		});

		it('starts empty without a state file, as tests need', async () => {
			const sandbox = await startSandbox({ port: 0, profile });
			try {
				expect(await sandbox.control.payments()).toEqual([]);
			} finally {
				await sandbox.close();
			}
		});
	},
);

function paymentFields(): Record<string, unknown> {
	return {
		amount: 50000,
		description: 'Invoice 1',
		expiration_days: 3,
		payment_method_enabled: JSON.stringify({ pse: true }),
		payer_redirect_url: 'https://shop.example/thanks',
		callback: 'https://shop.example/callback',
	};
}
