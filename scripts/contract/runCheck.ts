/**
 * The whole check: the reads, then, with `--create`, the payment link and the test card. What it
 * will call and make is said before the first request.
 */
import type { CallResult, Session } from './checkCall';
import { LINK_AMOUNT, paymentLinkChecks } from './paymentLinkChecks';
import { readOnlyChecks } from './readOnlyChecks';
import type { ContractSettings } from './settings';
import type { Reading } from './expected/reading';
import { testCardChecks } from './testCardChecks';

export interface ContractReport {
	/** The host called: its origin, without any user or password a URL may carry. */
	host: string;
	mode: 'read-only' | 'create';
	readings: readonly Reading[];
	checkedAt: string;
	results: CallResult[];
}

export function hostOf(baseUrl: string): string {
	const url = new URL(baseUrl);
	return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

/** What the check is about to do, in lines for the terminal. */
export function plan(settings: ContractSettings): string[] {
	const lines = [
		`Contract check against ${hostOf(settings.baseUrl)}`,
		'Reads: token refresh, public key, bank list, transfer list' +
			(settings.slug ? ', the payment link you named' : ''),
	];
	if (settings.create)
		lines.push(
			`Creates (meant for the service's sandbox host): one payment link of ${LINK_AMOUNT} COP,` +
				" read, estimated, edited, asked for each checkout method's answer, then expired;" +
				' the test card 4111 …1111, registered then deleted',
		);
	lines.push('Never sends balance, withdraws or charges.');
	return lines;
}

export async function runContractCheck(settings: ContractSettings): Promise<ContractReport> {
	const session: Session = {
		baseUrl: settings.baseUrl,
		apiKey: settings.apiKey,
		readings: settings.readings,
	};
	const reads = await readOnlyChecks(session, settings.refreshToken, settings.slug);
	const results = [...reads.results];
	if (settings.create && session.accessToken) {
		results.push(...(await paymentLinkChecks(session, reads.banks)));
		results.push(...(await testCardChecks(session, reads.publicKey)));
	}
	return {
		host: hostOf(settings.baseUrl),
		mode: settings.create ? 'create' : 'read-only',
		readings: settings.readings,
		checkedAt: new Date().toISOString(),
		results,
	};
}
