/**
 * One token request at a time for each credential (tokenSingleFlight.ts's firstTokenRequestOf), as
 * its attempt uses it: the sends go to a stand-in for n8n's HTTP helper that stays under way until
 * released and notes the token each request went with.
 */
import type { ICredentialDataDecryptedObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { attempt, connect } from '../../../../../nodes/shared/transport/wire/connection';
import { renewOnce } from '../../../../../nodes/shared/transport/wire/tokenSingleFlight';
import type { AttemptResult } from '../../../../../nodes/shared/transport/wire/connection';
import { DEFAULT_TRANSPORT_SETTINGS } from '../../../../../nodes/shared/transport/terms/requestTypes';

const node = { id: 'pay', name: 'Pay', type: 'n8n-nodes-pay.pay', parameters: {} } as INode;

/** n8n's HTTP helper, whose sends stay under way until released; it notes the token of each. */
function controllableSends(credentials: ICredentialDataDecryptedObject) {
	let underWay = 0;
	let mostAtOnce = 0;
	const tokens: unknown[] = [];
	const releases: Array<(ok: boolean) => void> = [];
	const httpRequestWithAuthentication = () =>
		new Promise((resolve, reject) => {
			underWay++;
			mostAtOnce = Math.max(mostAtOnce, underWay);
			tokens.push(credentials.sessionToken);
			releases.push((ok) => {
				underWay--;
				if (ok) resolve({ statusCode: 200, headers: {}, body: { answer: 'yes' } });
				else reject(new Error('no token'));
			});
		});
	const context = { helpers: { httpRequestWithAuthentication } } as unknown as IExecuteFunctions;
	const connection = connect(context, node, credentials, DEFAULT_TRANSPORT_SETTINGS);
	const send = async (): Promise<AttemptResult> =>
		await attempt(connection, { method: 'GET', path: '/x/', safety: 'read', action: 'a read' });
	return {
		send,
		releases,
		tokens,
		mostAtOnce: () => mostAtOnce,
		started: () => releases.length,
	};
}

const ticks = async () => {
	for (let index = 0; index < 5; index++) await new Promise((resolve) => setImmediate(resolve));
};

describe('one token request at a time', () => {
	it('lets only the first request of a credential without a token go, then the rest with its token', async () => {
		const credentials: ICredentialDataDecryptedObject = { baseUrl: 'http://pay', sessionToken: '' };
		const sends = controllableSends(credentials);
		const all = Promise.all(Array.from({ length: 5 }, sends.send));
		await ticks();
		expect(sends.started()).toBe(1);
		credentials.sessionToken = 'token-1';
		sends.releases[0](true);
		await ticks();
		expect(sends.started()).toBe(5);
		sends.releases.slice(1).forEach((release) => release(true));
		expect((await all).every((result) => result.ok)).toBe(true);
		expect(sends.tokens).toEqual(['', 'token-1', 'token-1', 'token-1', 'token-1']);
	});

	it('after a failed first request, lets the others try at the same time rather than one by one', async () => {
		const credentials: ICredentialDataDecryptedObject = { baseUrl: 'http://pay', sessionToken: '' };
		const sends = controllableSends(credentials);
		const all = Promise.all(Array.from({ length: 5 }, sends.send));
		await ticks();
		expect(sends.started()).toBe(1);
		sends.releases[0](false);
		await ticks();
		expect(sends.mostAtOnce()).toBe(4);
		sends.releases.slice(1).forEach((release) => release(false));
		expect((await all).every((result) => !result.ok)).toBe(true);
	});

	it('sends at once when the credential has a token', async () => {
		const sends = controllableSends({ baseUrl: 'http://pay', sessionToken: 'token-1' });
		const all = Promise.all(Array.from({ length: 3 }, sends.send));
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
