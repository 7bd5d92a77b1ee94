/**
 * The records and settings as the control API answers them: the model's own fields, dates as
 * ISO 8601 strings. The server's views and the client's types are both made here, so they cannot
 * drift apart.
 */
import type { Account, Card, PaymentChange, PaymentObject, Transfer, Withdrawal } from './model';
import type { SandboxOptions } from './options';

type JsonValue<V> = V extends Date ? string : V;
/** A record of the model after JSON: every `Date` field becomes a string. */
type AsJson<T> = { [K in keyof T]: JsonValue<T[K]> };

export type ControlAccount = Omit<Account, 'pendingCodes'>;
export type ControlPayment = AsJson<PaymentObject>;
export type ControlWithdrawal = AsJson<Withdrawal>;
export type ControlCard = AsJson<Card>;
export type ControlPaymentChange = AsJson<PaymentChange>;
export type ControlTransfer = AsJson<Transfer>;

/** The options a running sandbox lets `PATCH /_sandbox/settings` change. */
export const SETTABLE_OPTIONS = [
	'tokenTtlMs',
	'doubleEncodeCheckout',
	'rsaPadding',
	'autoPayDelayMs',
	'withdrawalStepMs',
	'callbackEncoding',
	'detailLagMs',
	'latencyMs',
	'brebEnabled',
	'refuseCreationWithoutCallback',
] as const;
export type SandboxSettings = Pick<SandboxOptions, (typeof SETTABLE_OPTIONS)[number]>;

/**
 * Codes waiting to be used are read with `/codes/{username}`, as a phone or
 * mailbox would receive them.
 */
export function accountView(account: Account): ControlAccount {
	const view: Partial<Account> = { ...account };
	delete view.pendingCodes;
	return view as ControlAccount;
}

export function paymentView(payment: PaymentObject): ControlPayment {
	return {
		...payment,
		createdAt: payment.createdAt.toISOString(),
		paidAt: payment.paidAt?.toISOString(),
		expiredAt: payment.expiredAt?.toISOString(),
	};
}

export function paymentChangeView(change: PaymentChange): ControlPaymentChange {
	return { ...change, date: change.date.toISOString() };
}

export function transferView(transfer: Transfer): ControlTransfer {
	return { ...transfer, date: transfer.date.toISOString() };
}

export function withdrawalView(withdrawal: Withdrawal): ControlWithdrawal {
	return {
		...withdrawal,
		createdAt: withdrawal.createdAt.toISOString(),
		updatedAt: withdrawal.updatedAt.toISOString(),
	};
}

export function cardView(card: Card): ControlCard {
	return { ...card, createdAt: card.createdAt.toISOString() };
}

export function settingsView(options: SandboxOptions): SandboxSettings {
	return Object.fromEntries(SETTABLE_OPTIONS.map((key) => [key, options[key]])) as SandboxSettings;
}
