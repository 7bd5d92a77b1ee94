/**
 * The sandbox's memory: accounts, tokens, payment objects, transfers, withdrawals, cards, counters.
 */
import { randomBytes } from 'crypto';

import type {
	Account,
	CallbackDelivery,
	Card,
	PaymentChange,
	PaymentObject,
	Transfer,
	Withdrawal,
} from './model';
import type { SandboxOptions } from './options';
import type { RsaKeys } from './rsa';
import type { Fault } from './faults';
import { RequestTimes } from './requestTimes';

export interface AccessToken {
	username: string;
	expiresAt: number;
}

export interface AccountSeed {
	username: string;
	phone: string;
	email?: string;
	balance?: number;
	verified?: boolean;
	apiKey?: string;
	refreshToken?: string;
}

/** The two accounts every sandbox starts with, so a user can try everything at once. */
export const DEMO_ACCOUNT: AccountSeed = {
	username: 'demo',
	phone: '3001234567',
	email: 'demo@sandbox.test',
	balance: 1_000_000,
	verified: true,
	apiKey: 'sandbox-demo-api-key',
	refreshToken: 'sandbox-demo-refresh-token',
};

export const FRIEND_ACCOUNT: AccountSeed = {
	username: 'friend',
	phone: '3109876543',
	email: 'friend@sandbox.test',
	balance: 0,
	verified: true,
	apiKey: 'sandbox-friend-api-key',
	refreshToken: 'sandbox-friend-refresh-token',
};

export class SandboxState {
	accounts = new Map<string, Account>();
	accessTokens = new Map<string, AccessToken>();
	payments = new Map<string, PaymentObject>();
	/** Payment objects by owner and idempotency key, for the duplicate check without a scan. */
	paymentsByKey = new Map<string, PaymentObject>();
	/** Every state change of every payment object, in order (model.ts). */
	paymentChanges: PaymentChange[] = [];
	transfers: Transfer[] = [];
	withdrawals: Withdrawal[] = [];
	cards = new Map<string, Card>();
	/**
	 * Service requests being handled now (a fault's latency holds some after their client gave up).
	 */
	requestsUnderWay = 0;
	/** Requests received per route ("POST /send/"), faulted ones included. */
	counters = new Map<string, number>();
	/** Per route, the most of its requests handled at the same time since counters were cleared. */
	mostAtOnce = new Map<string, number>();
	private atOnceNow = new Map<string, number>();
	/** When each service request arrived and was answered since counters were cleared. */
	requestTimes = new RequestTimes();
	faults: Fault[] = [];
	callbacks: CallbackDelivery[] = [];
	/** Timers of delayed effects (auto-pay, withdrawal steps), cleared on reset and close. */
	timers = new Set<NodeJS.Timeout>();
	/** Where the sandbox listens, for links it hands out (bank page, checkout page). */
	baseUrl = '';
	/**
	 * Called after anything may have changed (a request other than GET, a delayed effect):
	 * persistence hooks in here.
	 */
	onChange?: () => void;
	private nextPk = 1;
	private nextWithdrawalId = 1;

	constructor(
		readonly options: SandboxOptions,
		readonly keys: RsaKeys,
	) {
		this.seed();
	}

	reset(): void {
		for (const timer of this.timers) clearTimeout(timer);
		this.timers.clear();
		this.accounts.clear();
		this.accessTokens.clear();
		this.payments.clear();
		this.paymentsByKey.clear();
		this.paymentChanges = [];
		this.transfers = [];
		this.withdrawals = [];
		this.cards.clear();
		this.clearCounters();
		this.faults = [];
		this.callbacks = [];
		this.nextPk = 1;
		this.nextWithdrawalId = 1;
		this.seed();
	}

	createAccount(seed: AccountSeed): Account {
		if (this.accounts.has(seed.username)) throw new Error(`Account ${seed.username} exists`);
		const account: Account = {
			username: seed.username,
			phone: seed.phone,
			email: seed.email ?? `${seed.username}@sandbox.test`,
			apiKey: seed.apiKey ?? `sandbox-key-${randomToken()}`,
			refreshToken: seed.refreshToken ?? `sandbox-refresh-${randomToken()}`,
			balance: seed.balance ?? 0,
			emailVerified: seed.verified ?? false,
			phoneVerified: seed.verified ?? false,
			pendingCodes: {},
		};
		this.accounts.set(account.username, account);
		return account;
	}

	/** A recipient named by username or phone number (the spec shows both forms). */
	findRecipient(identifier: string): Account | undefined {
		const wanted = identifier.trim();
		const digits = wanted.replace(/^\+?57/, '').replace(/[\s-]/g, '');
		for (const account of this.accounts.values()) {
			if (account.username === wanted || account.phone === digits) return account;
		}
		return undefined;
	}

	issueAccessToken(username: string): string {
		const token = `sandbox-access-${randomToken()}`;
		this.accessTokens.set(token, { username, expiresAt: Date.now() + this.options.tokenTtlMs });
		return token;
	}

	expireAccessTokens(): number {
		for (const token of this.accessTokens.values()) token.expiresAt = 0;
		return this.accessTokens.size;
	}

	newPk(): number {
		return this.nextPk++;
	}

	newWithdrawalId(): number {
		return this.nextWithdrawalId++;
	}

	/** Short alphanumeric slug, unique in this sandbox. */
	newSlug(): string {
		for (;;) {
			const slug = randomBytes(6)
				.toString('base64')
				.replace(/[^A-Za-z0-9]/g, '')
				.slice(0, 8);
			if (slug.length >= 6 && !this.payments.has(slug)) return slug;
		}
	}

	count(route: string): void {
		this.counters.set(route, (this.counters.get(route) ?? 0) + 1);
	}

	clearCounters(): void {
		this.counters.clear();
		this.mostAtOnce.clear();
		this.requestTimes.clear();
	}

	/** A request of the route begins: counted with those at once; the returned function ends it. */
	handling(route: string): () => void {
		const now = (this.atOnceNow.get(route) ?? 0) + 1;
		this.atOnceNow.set(route, now);
		this.mostAtOnce.set(route, Math.max(now, this.mostAtOnce.get(route) ?? 0));
		const answered = this.requestTimes.arrived(route);
		return () => {
			this.atOnceNow.set(route, (this.atOnceNow.get(route) ?? 1) - 1);
			answered();
		};
	}

	later(delayMs: number, effect: () => void): void {
		const timer = setTimeout(() => {
			this.timers.delete(timer);
			effect();
			this.onChange?.();
		}, delayMs);
		timer.unref();
		this.timers.add(timer);
	}

	private seed(): void {
		this.createAccount(DEMO_ACCOUNT);
		this.createAccount(FRIEND_ACCOUNT);
	}
}

function randomToken(): string {
	return randomBytes(16).toString('hex');
}
