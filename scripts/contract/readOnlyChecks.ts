/**
 * The calls the check always makes, all reads: the token refresh, the public key, the bank
 * catalog, the transfer list, and the payment link the user names.
 */
import type { CallResult, Session } from './checkCall';
import { checkCall, skipped } from './checkCall';
import { BANK_LIST, PUBLIC_KEY, TOKEN_REFRESH, TRANSFER_LIST } from './expected/accountAnswers';
import { PAYMENT_DETAIL } from './expected/paymentAnswers';
import {
	bankListReading,
	paymentObjectReading,
	publicKeyReading,
	tokenReading,
	transferListReading,
} from './nodeReadings';

export interface ReadOnlyFindings {
	results: CallResult[];
	/** The service's public key as it came, for the test card's encryption. */
	publicKey?: unknown;
	banks?: unknown;
}

export async function readOnlyChecks(
	session: Session,
	refreshToken: string,
	slug: string | undefined,
): Promise<ReadOnlyFindings> {
	const token = await checkCall(session, {
		name: 'Token refresh',
		route: 'POST /token/refresh/',
		request: { method: 'POST', path: '/token/refresh/', body: { refresh: refreshToken } },
		expected: TOKEN_REFRESH,
		nodeReading: tokenReading,
	});
	const access = (token.value as { access?: unknown } | undefined)?.access;
	if (typeof access !== 'string' || access === '')
		return {
			results: [token.result, skipped({ name: 'Every other call', route: '' }, 'no access token')],
		};
	session.accessToken = access;
	const key = await checkCall(session, {
		name: 'Public key',
		route: 'GET /base/get_constants_key_public/',
		request: { method: 'GET', path: '/base/get_constants_key_public/' },
		expected: PUBLIC_KEY,
		nodeReading: publicKeyReading,
	});
	const banks = await checkCall(session, {
		name: 'Bank list',
		route: 'GET /get_banks/1/',
		request: { method: 'GET', path: '/get_banks/1/' },
		expected: BANK_LIST,
		nodeReading: bankListReading,
	});
	const transfers = await checkCall(session, {
		name: 'Transfer list',
		route: 'GET /send/',
		request: { method: 'GET', path: '/send/' },
		expected: TRANSFER_LIST,
		nodeReading: transferListReading,
	});
	const link = { name: 'Payment link you named', route: 'GET /pay_detail/{slug}' };
	const named = slug
		? await checkCall(session, {
				...link,
				request: { method: 'GET', path: `/pay_detail/${encodeURIComponent(slug)}` },
				expected: PAYMENT_DETAIL,
				nodeReading: paymentObjectReading,
			})
		: { result: skipped(link, 'no --slug given') };
	return {
		results: [token.result, key.result, banks.result, transfers.result, named.result],
		publicKey: key.value,
		banks: banks.value,
	};
}
