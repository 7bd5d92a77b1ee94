import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { renewOnce, sendWithToken } from '../../../../nodes/shared/transport/tokenSingleFlight';

/** A send that stays under way until released, counting how many are under way at once. */
function controllableSends() {
	let underWay = 0;
	let mostAtOnce = 0;
	const releases: Array<(ok: boolean) => void> = [];
	const send = () =>
		new Promise<string>((resolve, reject) => {
			underWay++;
			mostAtOnce = Math.max(mostAtOnce, underWay);
			releases.push((ok) => {
				underWay--;
				if (ok) resolve('answer');
				else reject(new Error('no token'));
			});
		});
	return { send, releases, mostAtOnce: () => mostAtOnce, started: () => releases.length };
}

const ticks = async () => {
	for (let index = 0; index < 5; index++) await new Promise((resolve) => setImmediate(resolve));
};

describe('one token request at a time', () => {
	it('lets only the first request of a credential without a token go, then the rest with its token', async () => {
		const credentials: ICredentialDataDecryptedObject = { sessionToken: '' };
		const sends = controllableSends();
		const all = Promise.all(
			Array.from({ length: 5 }, () => sendWithToken(credentials, sends.send)),
		);
		await ticks();
		expect(sends.started()).toBe(1);
		credentials.sessionToken = 'token-1';
		sends.releases[0](true);
		await ticks();
		expect(sends.started()).toBe(5);
		sends.releases.slice(1).forEach((release) => release(true));
		const results = await all;
		expect(results.map((sent) => sent.tokenUsed)).toEqual([
			'',
			'token-1',
			'token-1',
			'token-1',
			'token-1',
		]);
	});

	it('after a failed first request, lets the others try at the same time rather than one by one', async () => {
		const credentials: ICredentialDataDecryptedObject = { sessionToken: '' };
		const sends = controllableSends();
		const all = Promise.allSettled(
			Array.from({ length: 5 }, () => sendWithToken(credentials, sends.send)),
		);
		await ticks();
		sends.releases[0](false);
		await ticks();
		expect(sends.mostAtOnce()).toBe(4);
		sends.releases.slice(1).forEach((release) => release(false));
		expect((await all).every((outcome) => outcome.status === 'rejected')).toBe(true);
	});

	it('sends at once when the credential has a token', async () => {
		const sends = controllableSends();
		const all = Promise.all(
			Array.from({ length: 3 }, () => sendWithToken({ sessionToken: 'token-1' }, sends.send)),
		);
		await ticks();
		expect(sends.mostAtOnce()).toBe(3);
		sends.releases.forEach((release) => release(true));
		await all;
	});
});

describe('one renewal for all the requests a token failed', () => {
	it('renews once for concurrent refusals of the same token, and not at all for a token already replaced', async () => {
		const credentials: ICredentialDataDecryptedObject = { sessionToken: 'old' };
		let renewals = 0;
		const renew = async () => {
			renewals++;
			await ticks();
			credentials.sessionToken = 'new';
			return 'renewed';
		};
		const results = await Promise.all(
			Array.from({ length: 4 }, () => renewOnce(credentials, 'old', renew, 'already')),
		);
		expect(results).toEqual(['renewed', 'renewed', 'renewed', 'renewed']);
		expect(renewals).toBe(1);
		expect(await renewOnce(credentials, 'old', renew, 'already')).toBe('already');
		expect(renewals).toBe(1);
	});

	it('lets a later refusal try again after a renewal that failed', async () => {
		const credentials: ICredentialDataDecryptedObject = { sessionToken: 'old' };
		let renewals = 0;
		const failing = async () => {
			renewals++;
			return 'failed';
		};
		expect(await renewOnce(credentials, 'old', failing, 'already')).toBe('failed');
		expect(await renewOnce(credentials, 'old', failing, 'already')).toBe('failed');
		expect(renewals).toBe(2);
	});
});
