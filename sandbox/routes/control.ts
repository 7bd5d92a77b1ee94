/**
 * The control API under `/_sandbox/`, for tests and for users trying workflows: read what a payer
 * or a phone would receive (OTPs, codes), pay objects, move withdrawals, set balances, count
 * requests, inject faults. It needs no authentication: the sandbox listens on loopback.
 */
import { badRequest, notFound } from '../http';
import { WITHDRAWAL_STATE } from '../model';
import type { Account, Withdrawal } from '../model';
import type { Fault } from '../faults';
import { paymentCallbackBody, sendPaymentCallback } from '../callbacks';
import { linkPage, pagePaidWith } from '../checkoutPage';
import {
	accountView,
	cardView,
	paymentChangeView,
	paymentView,
	SETTABLE_OPTIONS,
	settingsView,
	transferView,
	withdrawalView,
} from '../controlViews';
import { changePaymentState, markPaid, setWithdrawalState } from '../paying';
import type { SandboxState } from '../state';
import { findPayment } from './payments';
import { moveBalance } from './transfers';
import type { Route, RouteAnswer } from './route';

export const CONTROL_PREFIX = '/_sandbox';
const SETTLE_LIMIT_MS = 30_000;

function control(method: Route['method'], path: string, handle: Route['handle']): Route {
	return { method, pattern: `${CONTROL_PREFIX}${path}`, auth: 'none', handle };
}

const ok = (body: unknown = { result: 'OK' }): RouteAnswer => ({ body });

export const controlRoutes: Route[] = [
	control('POST', '/reset', ({ state }) => {
		state.reset();
		return ok();
	}),
	control('GET', '/counters', ({ state }) => ok(Object.fromEntries(state.counters))),
	control('DELETE', '/counters', ({ state }) => {
		state.clearCounters();
		return ok();
	}),
	// How many requests of each route were handled at the same time, at most: what a client's
	// concurrency really was.
	control('GET', '/at-once', ({ state }) => ok(Object.fromEntries(state.mostAtOnce))),
	// When each service request arrived and was answered (epoch ms), `?since=` ms on: what was in
	// flight at any moment.
	control('GET', '/request-times', ({ state, request }) =>
		ok(state.requestTimes.since(Number(request.query.get('since') ?? 0) || 0)),
	),
	// Answers once no service request is being handled (up to 30 s): what a
	// delayed request does is done.
	control('POST', '/settle', async ({ state }) => {
		const until = Date.now() + SETTLE_LIMIT_MS;
		while (state.requestsUnderWay > 0 && Date.now() < until)
			await new Promise((resolve) => setTimeout(resolve, 5));
		return ok({ result: 'OK', underWay: state.requestsUnderWay });
	}),
	control('GET', '/faults', ({ state }) => ok(state.faults)),
	control('POST', '/faults', ({ state, request }) => {
		const faults = (
			Array.isArray(request.body.faults) ? request.body.faults : [request.body]
		) as Fault[];
		for (const fault of faults) {
			if (typeof fault.route !== 'string' || !/^[A-Z]+ \//.test(fault.route))
				throw badRequest('route: give it as "METHOD /path/{param}", e.g. "POST /send/"');
			if (fault.body === 'json' && !('json' in fault))
				throw badRequest('json: give the JSON value to answer with body "json"');
			if (
				'failure' in fault &&
				(typeof fault.failure !== 'object' ||
					fault.failure === null ||
					Array.isArray(fault.failure))
			) {
				throw badRequest(
					'failure: give a failure body as a JSON object, e.g. {"error": "NOT_FOUND"}',
				);
			}
			state.faults.push({ ...fault });
		}
		return ok({ result: 'OK', faults: state.faults.length });
	}),
	control('DELETE', '/faults', ({ state }) => {
		state.faults = [];
		return ok();
	}),
	control('GET', '/callbacks', ({ state }) => ok(state.callbacks)),
	control('DELETE', '/callbacks', ({ state }) => {
		state.callbacks = [];
		return ok();
	}),
	control('POST', '/tokens/expire', ({ state }) =>
		ok({ result: 'OK', expired: state.expireAccessTokens() }),
	),
	control('PATCH', '/settings', ({ state, request }) => {
		for (const [key, value] of Object.entries(request.body)) {
			if (!(SETTABLE_OPTIONS as readonly string[]).includes(key))
				throw badRequest(`${key}: not a setting (${SETTABLE_OPTIONS.join(', ')})`);
			(state.options as unknown as Record<string, unknown>)[key] = value;
		}
		return ok(settingsView(state.options));
	}),
	control('GET', '/settings', ({ state }) => ok(settingsView(state.options))),
	control('GET', '/accounts/{username}', ({ state, params }) =>
		ok(accountView(findAccount(state, params.username))),
	),
	control('POST', '/accounts', ({ state, request }) => {
		const body = request.body as {
			username?: string;
			phone?: string;
			email?: string;
			balance?: number;
			verified?: boolean;
		};
		if (!body.username || !body.phone) throw badRequest('username and phone are required');
		if (state.accounts.has(body.username)) throw badRequest(`username ${body.username} exists`);
		return {
			status: 201,
			body: accountView(
				state.createAccount({ ...body, username: body.username, phone: body.phone }),
			),
		};
	}),
	control('PATCH', '/accounts/{username}', ({ state, params, request }) => {
		const account = findAccount(state, params.username);
		const body = request.body as Partial<
			Pick<Account, 'balance' | 'emailVerified' | 'phoneVerified'>
		>;
		if (body.balance !== undefined) account.balance = Number(body.balance);
		if (body.emailVerified !== undefined) account.emailVerified = Boolean(body.emailVerified);
		if (body.phoneVerified !== undefined) account.phoneVerified = Boolean(body.phoneVerified);
		return ok(accountView(account));
	}),
	// Another user sends balance to an account (the transfer then shows in both accounts' lists), at
	// `date` if given: two transfers alike in every field, date included, are
	// what the service lists too.
	// `listed: false`: carried out, but listed only once `POST /transfers/list` comes (a list that
	// shows a transfer late, dated before the ones listed meanwhile).
	control('POST', '/transfers', ({ state, request }) => {
		const body = request.body as {
			from?: unknown;
			to?: unknown;
			amount?: unknown;
			date?: unknown;
			listed?: unknown;
		};
		if (typeof body.from !== 'string' || typeof body.to !== 'string')
			throw badRequest('from and to: the sender and the recipient, a username or a mobile number');
		const sender = state.findRecipient(body.from);
		if (!sender) throw notFound(`No account ${body.from}`);
		if (typeof body.amount !== 'number' || !(body.amount > 0))
			throw badRequest('amount: a number greater than 0');
		const date = body.date === undefined ? new Date() : new Date(String(body.date));
		if (Number.isNaN(date.getTime()))
			throw badRequest('date: an ISO 8601 date, e.g. 2026-01-31T10:00:00Z');
		if (body.listed !== undefined && typeof body.listed !== 'boolean')
			throw badRequest('listed: true or false (false: listed only at POST /transfers/list)');
		const transfer = moveBalance(state, sender, body.to, body.amount, date);
		if (body.listed === false) transfer.heldBack = true;
		return { status: 201, body: transferView(transfer) };
	}),
	control('POST', '/transfers/list', ({ state }) => {
		const held = state.transfers.filter((transfer) => transfer.heldBack === true);
		for (const transfer of held) delete transfer.heldBack;
		return ok(held.map(transferView));
	}),
	control('GET', '/codes/{username}', ({ state, params }) =>
		ok(findAccount(state, params.username).pendingCodes),
	),
	control('GET', '/payments', ({ state }) => ok([...state.payments.values()].map(paymentView))),
	control('GET', '/payments/{url}', ({ state, params }) =>
		ok(paymentView(findPayment(state, params.url))),
	),
	// Every state the service put the object in, a second checkout of an object in process included.
	control('GET', '/payments/{url}/changes', ({ state, params }) => {
		const slug = findPayment(state, params.url).slug;
		return ok(state.paymentChanges.filter((change) => change.slug === slug).map(paymentChangeView));
	}),
	control('GET', '/otp/{url}', ({ state, params }) => {
		const otp = findPayment(state, params.url).otp;
		if (otp === undefined) throw notFound(`No OTP is pending for ${params.url}`);
		return ok({ otp });
	}),
	control('POST', '/payments/{url}/pay', ({ state, params, request }) => {
		const payment = findPayment(state, params.url);
		const method =
			typeof request.body.method === 'string'
				? request.body.method
				: payment.paymentMethod || 'pse';
		// `callback: false` holds the callback back, for a benchmark that posts it at a known instant;
		// `date` pays it at another instant, e.g. yesterday for a daily report.
		markPaid(state, payment, method, request.body.callback !== false, paidAtOf(request.body.date));
		return ok(paymentView(payment));
	}),
	// Its next callbacks (`times`, 1 by default) are lost on the way: recorded `dropped`, not posted.
	control('POST', '/payments/{url}/drop-callbacks', ({ state, params, request }) => {
		const payment = findPayment(state, params.url);
		const times = request.body.times ?? 1;
		if (typeof times !== 'number' || !Number.isInteger(times) || times < 0)
			throw badRequest('times: how many of its next callbacks to drop, an integer of 0 or more');
		payment.dropCallbacks = times;
		return ok(paymentView(payment));
	}),
	// The body the service's callback would carry for the object as it is now.
	control('GET', '/payments/{url}/callback', ({ state, params }) =>
		ok(paymentCallbackBody(findPayment(state, params.url))),
	),
	control('POST', '/payments/{url}/state', ({ state, params, request }) => {
		// Any documented state (0-5), e.g. 4 refunded or 2 not paid, which no API call produces.
		const payment = findPayment(state, params.url);
		const next = request.body.state;
		if (typeof next !== 'number' || !Number.isInteger(next) || next < 0 || next > 5)
			throw badRequest('state: an integer from 0 to 5');
		changePaymentState(state, payment, next);
		if (request.body.callback === true) sendPaymentCallback(state, payment);
		return ok(paymentView(payment));
	}),
	control('GET', '/transfers', ({ state }) => ok(state.transfers.map(transferView))),
	control('GET', '/withdrawals', ({ state }) => ok(state.withdrawals.map(withdrawalView))),
	control('POST', '/withdrawals/{id}/advance', ({ state, params, request }) => {
		const withdrawal = state.withdrawals.find((candidate) => String(candidate.id) === params.id);
		if (!withdrawal) throw notFound(`No withdrawal ${params.id}`);
		const requested = request.body.state;
		const next = typeof requested === 'number' ? requested : nextWithdrawalState(withdrawal);
		setWithdrawalState(
			state,
			withdrawal,
			next,
			typeof request.body.note === 'string' ? request.body.note : '',
		);
		return ok(withdrawalView(withdrawal));
	}),
	control('GET', '/cards', ({ state }) => ok([...state.cards.values()].map(cardView))),
	control('GET', '/bank/{url}', ({ state, params }) =>
		linkPage(state, params.url, 'Sandbox bank (PSE)', payAction(params.url)),
	),
	control('GET', '/checkout/{url}', ({ state, params }) =>
		linkPage(state, params.url, 'Sandbox checkout', payAction(params.url)),
	),
	// The pages' Pay button: pays, waits for the callback's answer, and ends
	// on a page that says both.
	control(
		'POST',
		'/checkout/{url}/pay',
		async ({ state, params }) =>
			await pagePaidWith(state, params.url, 'Sandbox checkout', (payment) =>
				markPaid(state, payment, payment.paymentMethod || 'pse'),
			),
	),
];

function payAction(slug: string): string {
	return `${CONTROL_PREFIX}/checkout/${encodeURIComponent(slug)}/pay`;
}

function findAccount(state: SandboxState, username: string): Account {
	const account = state.accounts.get(username);
	if (!account) throw notFound(`No account ${username}`);
	return account;
}

function nextWithdrawalState(withdrawal: Withdrawal): number {
	return withdrawal.state === WITHDRAWAL_STATE.created
		? WITHDRAWAL_STATE.inProcess
		: WITHDRAWAL_STATE.deposited;
}

/** When a payment is paid by the control API: the ISO instant given, else now. */
function paidAtOf(date: unknown): Date {
	if (date === undefined) return new Date();
	const at = typeof date === 'string' ? new Date(date) : new Date(NaN);
	if (Number.isNaN(at.getTime())) throw badRequest('date: an ISO 8601 instant');
	return at;
}
