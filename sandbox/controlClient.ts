/**
 * A typed client of the sandbox's control API (`/_sandbox/`), for tests, benchmarks and scripts.
 */
import axios from 'axios';
import type { AxiosInstance } from 'axios';

import type {
	ControlAccount,
	ControlCard,
	ControlPayment,
	ControlPaymentChange,
	ControlTransfer,
	ControlWithdrawal,
	SandboxSettings,
} from './controlViews';
import type { FailureBody } from './failureBodies';
import type { Fault } from './faults';
import type { CallbackDelivery } from './model';
import type { RequestTime } from './requestTimes';

export class SandboxControl {
	private readonly http: AxiosInstance;

	constructor(baseUrl: string) {
		this.http = axios.create({ baseURL: `${baseUrl}/_sandbox` });
	}

	async reset(): Promise<void> {
		await this.http.post('/reset');
	}

	/** Requests received per route since the last reset: `{"POST /send/": 1}`. */
	async counters(): Promise<Record<string, number>> {
		return (await this.http.get('/counters')).data;
	}

	async count(route: string): Promise<number> {
		return (await this.counters())[route] ?? 0;
	}

	/** Per route, the most requests handled at the same time since counters were cleared. */
	async mostAtOnce(route: string): Promise<number> {
		return ((await this.http.get('/at-once')).data as Record<string, number>)[route] ?? 0;
	}

	/** When each service request arrived and was answered (epoch ms), from `since` on. */
	async requestTimes(since = 0): Promise<RequestTime[]> {
		return (await this.http.get('/request-times', { params: { since } })).data;
	}

	async resetCounters(): Promise<void> {
		await this.http.delete('/counters');
	}

	async injectFault(fault: Fault): Promise<void> {
		await this.http.post('/faults', fault);
	}

	/**
	 * The next `times` requests of `route` are answered `body` (a failureBodies.ts shape)
	 * with `status`, unprocessed.
	 */
	async injectFailure(route: string, status: number, body: FailureBody, times = 1): Promise<void> {
		await this.injectFault({ route, status, failure: body, times });
	}

	/**
	 * Waits until no request is being handled: one held by a fault's latency is carried out after
	 * its client gave up, so count effects after this. How many are still
	 * under way (0, or after 30 s).
	 */
	async settle(): Promise<number> {
		return (await this.http.post('/settle')).data.underWay;
	}

	async clearFaults(): Promise<void> {
		await this.http.delete('/faults');
	}

	async callbacks(): Promise<CallbackDelivery[]> {
		return (await this.http.get('/callbacks')).data;
	}

	async expireTokens(): Promise<number> {
		return (await this.http.post('/tokens/expire')).data.expired;
	}

	async settings(changes: Partial<SandboxSettings> = {}): Promise<SandboxSettings> {
		return (await this.http.patch('/settings', changes)).data;
	}

	async account(username: string): Promise<ControlAccount> {
		return (await this.http.get(`/accounts/${encodeURIComponent(username)}`)).data;
	}

	async createAccount(seed: {
		username: string;
		phone: string;
		email?: string;
		balance?: number;
		verified?: boolean;
	}): Promise<ControlAccount> {
		return (await this.http.post('/accounts', seed)).data;
	}

	async updateAccount(
		username: string,
		changes: Partial<Pick<ControlAccount, 'balance' | 'emailVerified' | 'phoneVerified'>>,
	): Promise<ControlAccount> {
		return (await this.http.patch(`/accounts/${encodeURIComponent(username)}`, changes)).data;
	}

	/**
	 * Another account sends balance (`from`, a username or a mobile number, is debited) to `to`, as
	 * its own `POST /send/` would, at `date` (now by default); with `listed: false` the lists show it
	 * only once `listHeldTransfers` is called.
	 */
	async sendTransfer(transfer: {
		from: string;
		to: string;
		amount: number;
		date?: string;
		listed?: boolean;
	}): Promise<ControlTransfer> {
		return (await this.http.post('/transfers', transfer)).data;
	}

	/** Lists the transfers held back (`listed: false`), each dated when it was made. */
	async listHeldTransfers(): Promise<ControlTransfer[]> {
		return (await this.http.post('/transfers/list', {})).data;
	}

	/** The verification codes last sent to an account (what its email and phone would receive). */
	async codes(username: string): Promise<{ email?: number; phone?: number }> {
		return (await this.http.get(`/codes/${encodeURIComponent(username)}`)).data;
	}

	async payments(): Promise<ControlPayment[]> {
		return (await this.http.get('/payments')).data;
	}

	async payment(slug: string): Promise<ControlPayment> {
		return (await this.http.get(`/payments/${encodeURIComponent(slug)}`)).data;
	}

	/** The OTP a Daviplata checkout sent to the payer's phone. */
	async otp(slug: string): Promise<string> {
		return (await this.http.get(`/otp/${encodeURIComponent(slug)}`)).data.otp;
	}

	/**
	 * Pays the object; `callBack: false` holds its callback back (then `callbackBody` gives it);
	 * `paidAt` (ISO) pays it at that instant instead of now.
	 */
	async pay(
		slug: string,
		method?: string,
		callBack = true,
		paidAt?: string,
	): Promise<ControlPayment> {
		const body = {
			...(method ? { method } : {}),
			...(callBack ? {} : { callback: false }),
			...(paidAt ? { date: paidAt } : {}),
		};
		return (await this.http.post(`/payments/${encodeURIComponent(slug)}/pay`, body)).data;
	}

	/** Its next `times` callbacks are lost on the way (recorded `dropped`, never posted). */
	async dropCallbacks(slug: string, times = 1): Promise<ControlPayment> {
		const path = `/payments/${encodeURIComponent(slug)}/drop-callbacks`;
		return (await this.http.post(path, { times })).data;
	}

	/** The body the service's callback would carry for the object as it is now. */
	async callbackBody(slug: string): Promise<Record<string, unknown>> {
		return (await this.http.get(`/payments/${encodeURIComponent(slug)}/callback`)).data;
	}

	/** Sets any state (0-5; e.g. 4 refunded), optionally sending the payment callback. */
	async setPaymentState(slug: string, state: number, callback = false): Promise<ControlPayment> {
		return (
			await this.http.post(`/payments/${encodeURIComponent(slug)}/state`, { state, callback })
		).data;
	}

	/**
	 * Every state the service put the object in, in order: each checkout (in process, even when it
	 * already was), paid, expired, set by hand. What the service carried out, not what it answered.
	 */
	async paymentChanges(slug: string): Promise<ControlPaymentChange[]> {
		return (await this.http.get(`/payments/${encodeURIComponent(slug)}/changes`)).data;
	}

	/** Every transfer between accounts the service carried out, in order. */
	async transfers(): Promise<ControlTransfer[]> {
		return (await this.http.get('/transfers')).data;
	}

	async withdrawals(): Promise<ControlWithdrawal[]> {
		return (await this.http.get('/withdrawals')).data;
	}

	/** Moves a withdrawal to `state` (default: the next one, 0 → 1 → 2), which sends its callback. */
	async advanceWithdrawal(id: number, state?: number, note?: string): Promise<ControlWithdrawal> {
		return (await this.http.post(`/withdrawals/${id}/advance`, { state, note })).data;
	}

	/** Stored cards as the sandbox decrypted them (number, expiry, CVVs of charges). */
	async cards(): Promise<ControlCard[]> {
		return (await this.http.get('/cards')).data;
	}
}
