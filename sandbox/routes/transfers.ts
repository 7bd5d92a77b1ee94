/**
 * Sending balance to another user, and the account's list of transfers (sent; received too
 * as real clients see it).
 */
import { ServiceError, badRequest, notFound } from '../http';
import type { Account, Transfer } from '../model';
import type { SandboxState } from '../state';
import { requireNumber } from '../validate';
import { caller } from './route';
import type { Route } from './route';

export const transferRoutes: Route[] = [
	{
		method: 'POST',
		pattern: '/send/',
		auth: 'bearer',
		handle(context) {
			const sender = caller(context);
			const body = context.request.body;
			const recipientId = readRecipient(body);
			const amount = requireNumber(body, 'amount');
			if (amount <= 0) throw badRequest('amount: Ensure this value is greater than 0.');
			if (!sender.emailVerified || !sender.phoneVerified) {
				throw new ServiceError(403, 'Debe verificar su correo y su teléfono antes de enviar saldo');
			}
			moveBalance(context.state, sender, recipientId, amount, new Date());
			return { body: {} };
		},
	},
	{
		method: 'GET',
		pattern: '/send/',
		auth: 'bearer',
		handle(context) {
			const account = caller(context);
			// The spec: the transfers the caller created; real clients see those made or received.
			const received = context.state.options.profile === 'observed';
			const mine = context.state.transfers.filter(
				(transfer) =>
					transfer.heldBack !== true &&
					(transfer.fromUser === account.username ||
						(received && transfer.toUser === account.username)),
			);
			return {
				body: mine.map((transfer) => ({
					from_user: transfer.fromUser,
					to_user: transfer.toUser,
					amount: transfer.amount,
					date: transfer.date.toISOString(),
				})),
			};
		},
	},
];

/**
 * Moves `amount` from the sender's balance to the recipient's (a username or a mobile number) and
 * lists the transfer, dated `date`: what `POST /send/` does once the sender is checked, and what
 * the control API does for a transfer another user sends to the account.
 */
export function moveBalance(
	state: SandboxState,
	sender: Account,
	recipientId: string,
	amount: number,
	date: Date,
): Transfer {
	const recipient = state.findRecipient(recipientId);
	if (!recipient) throw notFound(`El usuario ${recipientId} no existe`);
	if (recipient.username === sender.username)
		throw badRequest('No puede enviarse saldo a sí mismo');
	if (sender.balance < amount) throw new ServiceError(422, 'Saldo insuficiente');
	sender.balance -= amount;
	recipient.balance += amount;
	const transfer = { fromUser: sender.username, toUser: recipient.username, amount, date };
	state.transfers.push(transfer);
	return transfer;
}

/** `toUser`, or its alias `to_user`: a string (spec), a phone number included. */
function readRecipient(body: Record<string, unknown>): string {
	const given = [body.toUser, body.to_user].filter(
		(value) => value !== undefined && value !== null && value !== '',
	);
	if (given.length === 0) throw badRequest('toUser: This field is required.');
	const values = given.map((value) => {
		if (typeof value !== 'string') throw badRequest('toUser: Not a valid string.');
		return value.trim();
	});
	if (values.length === 2 && values[0] !== values[1])
		throw badRequest('toUser and to_user name different recipients');
	return values[0];
}
