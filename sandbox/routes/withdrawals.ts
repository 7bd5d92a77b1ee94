/** Withdrawal of balance to an instant-payment key (Colombia, COP). */
import { refuseAs, resultCode } from '../failureBodies';
import { ServiceError, badRequest, conflict } from '../http';
import { WITHDRAWAL_STATE } from '../model';
import type { Withdrawal } from '../model';
import { scheduleWithdrawal } from '../paying';
import { optionalString, optionalUrl, requireInteger, requireString } from '../validate';
import { caller } from './route';
import type { Route } from './route';

/** A Colombian mobile number (10 digits starting with 3, optionally +57), or an at-sign alias. */
const PHONE_KEY = /^(\+?57)?3\d{9}$/;
const ALIAS_KEY = /^@[A-Za-z0-9._-]{2,40}$/;

export const withdrawalRoutes: Route[] = [
	{
		method: 'POST',
		pattern: '/withdraw/co/',
		auth: 'bearer',
		handle(context) {
			const owner = caller(context);
			const body = context.request.body;
			const amount = requireInteger(body, 'amount');
			if (amount <= 0) throw badRequest('amount: Ensure this value is greater than 0.');
			const accountHolderName = requireString(body, 'account_holder_name');
			const accountType = requireInteger(body, 'account_type');
			if (accountType < 0)
				throw badRequest('account_type: Ensure this value is greater than or equal to 0.');
			const keyValue = requireString(body, 'key_value').trim();
			if (!PHONE_KEY.test(keyValue.replace(/[\s-]/g, '')) && !ALIAS_KEY.test(keyValue)) {
				throw badRequest('key_value: must be a phone number or an alias that starts with @');
			}
			const idempotencyKey = optionalString(body, 'idempotency_key');
			if (
				idempotencyKey &&
				context.state.withdrawals.some(
					(w) => w.owner === owner.username && w.idempotencyKey === idempotencyKey,
				)
			) {
				throw conflict(
					`double_idempotency_key: the idempotency_key ${idempotencyKey} was already used`,
				);
			}
			const callback = optionalUrl(body, 'callback');
			// The live service answers {"result": "LIMIT_BALANCE"}; the spec shows no status
			// (docs/SERVICE.md, "Withdraw to an instant-payment key").
			if (owner.balance < amount)
				throw refuseAs(
					context.state.options.profile,
					403,
					resultCode('LIMIT_BALANCE'),
					new ServiceError(422, 'Saldo insuficiente'),
				);
			owner.balance -= amount;
			const now = new Date();
			const withdrawal: Withdrawal = {
				id: context.state.newWithdrawalId(),
				owner: owner.username,
				amount,
				accountHolderName,
				accountType,
				keyValue,
				description: optionalString(body, 'description'),
				callback,
				idempotencyKey,
				state: WITHDRAWAL_STATE.created,
				createdAt: now,
				updatedAt: now,
				note: '',
			};
			context.state.withdrawals.push(withdrawal);
			scheduleWithdrawal(context.state, withdrawal);
			return { status: 201, body: withdrawalView(withdrawal) };
		},
	},
];

export function withdrawalView(withdrawal: Withdrawal): Record<string, unknown> {
	return {
		id: withdrawal.id,
		state: withdrawal.state,
		amount: withdrawal.amount,
		account_holder_name: withdrawal.accountHolderName,
		account_type: withdrawal.accountType,
		key_value: withdrawal.keyValue,
		description: withdrawal.description,
		callback: withdrawal.callback,
		date_created: withdrawal.createdAt.toISOString(),
	};
}
