/**
 * What the check never sends, whatever it is asked: balance to another account, a withdrawal, a
 * card charge, a wallet confirmation (it pays), a direct card checkout, and a checkout whose payer
 * document the service's sandbox pays by itself (docs/SERVICE.md, "Checkout"). Every request passes
 * here before it leaves.
 */
const MONEY_ROUTES: Array<[method: string, path: RegExp]> = [
	['POST', /^\/send\/?$/],
	['POST', /^\/withdraw\//],
	['POST', /^\/tc_payment\/?$/],
	['POST', /^\/pay\/confirm_daviplata\/?$/],
];

const PAYING_METHODS = new Set(['credit_card']);
const SELF_PAYING_DOCUMENT = '7777777';

export class MovesMoneyError extends Error {}

export function refuseMoneyMovement(method: string, path: string, body?: unknown): void {
	const route = path.split('?')[0];
	if (MONEY_ROUTES.some(([moneyMethod, pattern]) => moneyMethod === method && pattern.test(route)))
		throw new MovesMoneyError(`The contract check never sends ${method} ${route}: it moves money.`);
	const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
	if (PAYING_METHODS.has(String(fields.payment)))
		throw new MovesMoneyError(
			`The contract check never sends a ${String(fields.payment)} checkout.`,
		);
	if (fields.cc === SELF_PAYING_DOCUMENT || fields.payer_id === SELF_PAYING_DOCUMENT)
		throw new MovesMoneyError('The contract check never sends a checkout the sandbox pays itself.');
}
